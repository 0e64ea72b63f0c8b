/**
 * The "Changes from v1" section of a v2 operation page: a placeholder at compile time (the
 * v1 definition is another page's), filled at link time from both definitions
 * (./migration.ts). A v2 operation without a v1 counterpart loses the placeholder.
 */
import { h } from 'hastscript';
import type { Element, ElementContent, Root } from 'hast';
import type { ApiOperation } from '../../schema/frontmatter-api.ts';
import { replacePlaceholders } from '../compile/replace-elements.ts';
import type { LinkSite, PageOf } from '../kinds/types.ts';
import { v1CounterpartPath } from '../kinds/api-operation/lifecycle.ts';
import { migrationChanges, type Migration } from './migration.ts';
import { migrationIntro, migrationList } from './migration-html.ts';

export const CHANGES_FROM_V1 = 'changes-from-v1';

/** The placeholder, with the heading id reserved for it. */
export const changesPlaceholder = (id: string): Element => h('div', { dataPlaceholder: CHANGES_FROM_V1, dataId: id });

/** Every v2 operation with a v1 counterpart, paired, in route order. */
export function migrations(pages: LinkSite['pages']): Migration[] {
  const ops = pages.filter((p): p is PageOf<'api-operation'> => p.frontmatter.kind === 'api-operation');
  const byPath = new Map(ops.map((p) => [p.frontmatter.api.path, p]));
  return ops
    .flatMap((v2) => {
      const counterpart = v1CounterpartPath(v2.frontmatter.api);
      const v1 = counterpart ? byPath.get(counterpart) : undefined;
      return v1 ? [migrationOf(v1, v2)] : [];
    })
    .sort((a, b) => a.v2Route.localeCompare(b.v2Route));
}

/**
 * Each pair's migration, by the v2 page's frontmatter, while it is paired with the same v1 frontmatter: a
 * pair is asked for by its v2 page and by every changelog page, and by every dev save (a validated
 * frontmatter is kept as it is until its file changes).
 */
const made = new WeakMap<object, { v1: object; migration: Migration }>();

export function migrationOf(v1: PageOf<'api-operation'>, v2: PageOf<'api-operation'>): Migration {
  const kept = made.get(v2.frontmatter);
  if (kept && kept.v1 === v1.frontmatter && kept.migration.v1Route === v1.route && kept.migration.v2Route === v2.route)
    return kept.migration;
  const api = (p: PageOf<'api-operation'>): ApiOperation => p.frontmatter.api;
  const migration = {
    v1Route: v1.route,
    v2Route: v2.route,
    title: v2.frontmatter.sidebar_label ?? v2.frontmatter.title,
    changes: migrationChanges(api(v1), api(v2)),
  };
  made.set(v2.frontmatter, { v1: v1.frontmatter, migration });
  return migration;
}

/** The section in place of the placeholder (`migration`: null when the operation has no v1 counterpart). */
export function fillChangesFromV1(compiled: Root, migration: Migration | null): Root {
  return replacePlaceholders(compiled, CHANGES_FROM_V1, (node): ElementContent[] =>
    migration
      ? [
          h('h2', { id: String(node.properties.dataId) }, 'Changes from v1'),
          h('p', [
            'Computed from this page and ',
            h('a', { href: migration.v1Route }, `its v1 counterpart`),
            '. ',
            ...migrationIntro(),
          ]),
          migrationList(migration.changes),
        ]
      : [],
  );
}
