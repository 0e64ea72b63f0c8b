/**
 * /changelog's generated part at compile time, from content/data/releases.yaml alone: one
 * section per release, newest first — heading (its anchor as the hand-written page had it),
 * the APIs it touches, whether it breaks anything, its summary and declared changes — and
 * the "Changes from v1" heading. What other pages say (the lifecycle entries naming each
 * release, the v1 → v2 pairs) is filled at link time (./changelog-fill.ts) into placeholders.
 * `data-apis` and `data-breaking` let the reader filter the sections in the page.
 */
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import { releaseAnchor, type Release, type ReleaseApi } from '../../schema/releases.ts';
import { inline } from '../../schema/inline.ts';
import type { CompileTools } from '../kinds/types.ts';

export const API_LABELS: Record<ReleaseApi, string> = { v2: 'API v2', v1: 'API v1', reports: 'Reports API' };
export const RELEASE_ENTRIES = 'release-entries';
export const V1_MIGRATIONS = 'v1-migrations';

/** Newest first; on one day, the later id (`2026-11b` before `2026-11`). */
export const newestFirst = (releases: readonly Release[]) =>
  [...releases].sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));

export const isBreaking = (r: Release) => r.changes.some((c) => c.breaking);

function changeItem(c: Release['changes'][number], onLink: (url: string) => void): Element {
  onLink(c.operation);
  return h('li', [
    h('a', { href: c.operation }, h('code', c.operation.replace(/^\/api\//, ''))),
    ...(c.field ? [' ', h('code', c.field)] : []),
    ...(c.value !== undefined ? [' value ', h('code', String(c.value))] : []),
    ` (${c.change}): `,
    ...inline(c.description, onLink),
    ...(c.breaking ? [' ', h('strong.change-breaking', 'Breaking.')] : []),
  ]);
}

function releaseSection(r: Release, { uniqueId, onLink }: CompileTools): Element {
  const breaking = isBreaking(r);
  return h('section.release', { dataApis: r.apis.join(' '), dataBreaking: String(breaking) }, [
    h('h2', { id: uniqueId(releaseAnchor(r)) }, `${r.date} — ${r.title}`),
    h('p.release-meta', [
      ...r.apis.map((api) => h('span.badge.badge-api', API_LABELS[api])),
      breaking ? h('span.badge.badge-breaking', 'Breaking') : h('span.badge', 'Non-breaking'),
    ]),
    h('p', inline(r.summary, onLink)),
    ...(r.changes.length
      ? [
          h(
            'ul.release-changes',
            r.changes.map((c) => changeItem(c, onLink)),
          ),
        ]
      : []),
    h('div', { dataPlaceholder: RELEASE_ENTRIES, dataRelease: r.id }),
  ]);
}

export function changelogParts(releases: readonly Release[], tools: CompileTools): ElementContent[] {
  return [
    h(
      'div.changelog',
      newestFirst(releases).map((r) => releaseSection(r, tools)),
    ),
    h('h2', { id: tools.uniqueId('changes-from-v1') }, 'Changes from v1'),
    h('p', [
      'Every v2 call that has a v1 counterpart, compared field by field from the two reference pages. ',
      'Fields v2 nests travel flat in v1, their path joined with ',
      h('code', '_'),
      '; renames are declared on the v2 page.',
    ]),
    h('div', { dataPlaceholder: V1_MIGRATIONS }),
  ];
}
