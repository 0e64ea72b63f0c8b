/**
 * The registry of page kinds: one module per kind, keyed by the kinds of
 * schema/frontmatter.ts (the type makes a missing or extra kind a compile error).
 * Every per-kind dispatch of the pipeline goes through `kindOf`.
 */
import type { PageKind } from '../../schema/frontmatter.ts';
import type { KindModule } from './types.ts';
import type { KindContext } from './context.ts';
import type { PageSource } from '../content/validate.ts';
import { doc } from './doc.ts';
import { apiOperation } from './api-operation/index.ts';
import { paymentMethod } from './payment-method/index.ts';
import { paymentGroup } from './payment-group/index.ts';
import { referenceTable } from './reference-table/index.ts';

export type { KindModule, GeneratedParts, CompileTools, LinkSite, CodeLists, FrontmatterOf, PageOf } from './types.ts';

export const kinds: { [K in PageKind]: KindModule<K> } = {
  doc,
  'api-operation': apiOperation,
  'payment-method': paymentMethod,
  'payment-group': paymentGroup,
  'reference-table': referenceTable,
};

/**
 * The module of a page's kind, typed for that page. (TypeScript cannot relate
 * `kinds[fm.kind]` to `fm` by itself: the cast states what the map's type guarantees.)
 */
export function kindOf<K extends PageKind>(frontmatter: { kind: K }): KindModule<K> {
  return kinds[frontmatter.kind] as unknown as KindModule<K>;
}

/** Placeholder directives of every kind, in registry order, with the kind whose data fills them. */
export const kindPlaceholders: ReadonlyMap<string, PageKind> = new Map(
  (Object.entries(kinds) as [PageKind, KindModule<PageKind>][]).flatMap(([kind, k]) =>
    (k.placeholders ?? []).map((name) => [name, kind] as const),
  ),
);

/** What the kinds add to every page's compile context, each from the site's pages (its module's `context` hook). */
export function kindContext(pages: PageSource[]): KindContext {
  const parts = Object.values(kinds).map((k) => (k as KindModule<PageKind>).context?.(pages) ?? {});
  return Object.assign({ methodCountries: [] }, ...parts);
}
