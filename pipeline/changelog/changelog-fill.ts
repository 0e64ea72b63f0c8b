/**
 * /changelog at link time: under each release, the reference entries that name it (an
 * operation, field or enum value with `since`, `deprecated.in`), and the v1 → v2 changes
 * of every operation pair. Inputs are JSON (the link stage keys its memo on them).
 */
import { h } from 'hastscript';
import type { Element, ElementContent, Root } from 'hast';
import { replaceElements } from '../compile/replace-elements.ts';
import { keptWhileSame } from '../link/kept-inputs.ts';
import type { LinkSite, PageOf } from '../kinds/types.ts';
import { lifecycleEntries } from '../kinds/api-operation/lifecycle.ts';
import type { Migration } from './migration.ts';
import { migrationList } from './migration-html.ts';
import { migrations } from './changes-section.ts';
import { RELEASE_ENTRIES, V1_MIGRATIONS } from './changelog-html.ts';

/** One reference entry under a release. */
export interface ReleaseEntry {
  release: string;
  what: 'new' | 'deprecated';
  route: string;
  title: string;
  /** `response.customer.email`, with ` value x` for an enum value; none for the operation itself. */
  name?: string;
  use?: string;
  sunset?: string;
}

export interface ChangelogInputs {
  entries: ReleaseEntry[];
  migrations: Migration[];
}

/** The entries of every operation page, in route order. */
export function releaseEntries(pages: LinkSite['pages']): ReleaseEntry[] {
  const ops = pages
    .filter((p): p is PageOf<'api-operation'> => p.frontmatter.kind === 'api-operation')
    .sort((a, b) => a.route.localeCompare(b.route));
  return ops.flatMap((page) =>
    lifecycleEntries(page.frontmatter.api).flatMap((e) => {
      const name =
        e.target === 'operation'
          ? undefined
          : `${e.side}.${e.path}${e.target === 'value' ? ` = ${String(e.value)}` : ''}`;
      const base = { route: page.route, title: page.frontmatter.title, ...(name ? { name } : {}) };
      const { since, deprecated, sunset } = e.lifecycle;
      return [
        ...(since ? [{ ...base, release: since, what: 'new' as const }] : []),
        ...(deprecated
          ? [
              {
                ...base,
                release: deprecated.in,
                what: 'deprecated' as const,
                ...(deprecated.use ? { use: deprecated.use } : {}),
                ...(sunset ? { sunset } : {}),
              },
            ]
          : []),
      ];
    }),
  );
}

/** Who keeps the changelog's inputs (link/kept-inputs.ts): one set for the site. */
const CHANGELOG = {};

/** The inputs, the same object while the operation pages (routes and frontmatter) are the same. */
export function changelogInputs(site: LinkSite): ChangelogInputs {
  const ops = site.pages.filter((p) => p.frontmatter.kind === 'api-operation');
  return keptWhileSame(
    CHANGELOG,
    ops.flatMap((p) => [p.route, p.frontmatter]),
    () => ({ entries: releaseEntries(ops), migrations: migrations(ops) }),
  );
}

function entryItem(e: ReleaseEntry): Element {
  const label = e.what === 'new' ? 'New' : 'Deprecated';
  return h('li', [
    h('strong', `${label}:`),
    ' ',
    e.name ? h('code', e.name) : 'the call',
    ' of ',
    h('a', { href: e.route }, e.title),
    ...(e.use ? [' — use ', h('code', e.use)] : []),
    ...(e.sunset ? [`; sunset ${e.sunset}`] : []),
    '.',
  ]);
}

function migrationSection(m: Migration): ElementContent[] {
  const slug = `v1-${m.v2Route.replace(/^\/api\//, '').replace(/[^a-z0-9]+/g, '-')}`;
  return [
    h('h3', { id: slug }, m.v2Route.replace(/^\/api\//, '')),
    h('p', [h('a', { href: m.v2Route }, `${m.title} (v2)`), ' compared with ', h('a', { href: m.v1Route }, 'v1'), ':']),
    migrationList(m.changes),
  ];
}

export function fillChangelog(compiled: Root, inputs: ChangelogInputs): Root {
  const byRelease = new Map<string, ReleaseEntry[]>();
  for (const e of inputs.entries) {
    const list = byRelease.get(e.release);
    if (list) list.push(e);
    else byRelease.set(e.release, [e]);
  }
  return replaceElements(compiled, (node) => {
    const placeholder = node.properties.dataPlaceholder;
    if (placeholder === RELEASE_ENTRIES) {
      const entries = byRelease.get(String(node.properties.dataRelease)) ?? [];
      return entries.length
        ? [h('div.release-entries', [h('p', 'In the API reference:'), h('ul', entries.map(entryItem))])]
        : [];
    }
    if (placeholder === V1_MIGRATIONS) return inputs.migrations.flatMap(migrationSection);
    return undefined;
  });
}
