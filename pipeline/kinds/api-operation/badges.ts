/**
 * Lifecycle badges (schema/frontmatter-api.ts `lifecycle`) as hast, for one field, enum
 * value or operation of the API reference: "New in <release>", "Deprecated — use `x`",
 * "Sunset <date>", each a link to its release on /changelog, and the deprecation's
 * message as text. Words, not colour alone, carry the meaning (the classes only tint them).
 * One module, so the badges move with whatever row or header shows them.
 */
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import type { Lifecycle } from '../../../schema/frontmatter-api.ts';
import { CHANGELOG_ROUTE, releaseAnchor, type Release } from '../../../schema/releases.ts';
import { inline } from '../../../schema/inline.ts';

export interface Badger {
  /** The badges of `lifecycle` (none: an empty list). */
  badges(lifecycle: Lifecycle): Element[];
  /** The deprecation's message, for the description cell (none when not deprecated). */
  note(lifecycle: Lifecycle): ElementContent[];
}

/** `releases`: content/data/releases.yaml; `onLink`: reports the links for the link check. */
export function badger(releases: readonly Release[], onLink?: (url: string) => void): Badger {
  const byId = new Map(releases.map((r) => [r.id, r]));
  const href = (id: string) => {
    const release = byId.get(id);
    const url = release ? `${CHANGELOG_ROUTE}#${releaseAnchor(release)}` : CHANGELOG_ROUTE;
    onLink?.(url);
    return url;
  };
  const badge = (kind: string, id: string, label: (string | Element)[], title: string) =>
    h(`a.badge.badge-lifecycle.badge-${kind}`, { href: href(id), title }, label);
  return {
    badges({ since, deprecated, sunset }) {
      const out: Element[] = [];
      if (since) out.push(badge('new', since, [`New in ${since}`], `Added in release ${since}: see the changelog`));
      if (deprecated) {
        const use = deprecated.use;
        out.push(
          badge(
            'deprecated',
            deprecated.in,
            use ? ['Deprecated — use ', h('code', use)] : ['Deprecated'],
            `Deprecated in release ${deprecated.in}: see the changelog`,
          ),
        );
      }
      if (sunset)
        out.push(badge('sunset', deprecated?.in ?? since ?? '', [`Sunset ${sunset}`], `Stops working on ${sunset}`));
      return out.length ? [h('span.lifecycle-badges', out)] : [];
    },
    note({ deprecated, sunset }) {
      if (!deprecated) return [];
      const until = sunset ? ` Works until ${sunset}.` : '';
      return [
        h('span.lifecycle-note', [`Deprecated in ${deprecated.in}: `, ...inline(deprecated.message, onLink), until]),
      ];
    },
  };
}
