/**
 * Stage: assemble. Compiled pages + the site → page JSON (schema/page.ts):
 * variants tables filled from the variants' frontmatter, breadcrumbs and
 * previous/next from the sidebar, last-updated dates.
 */
import type { Element } from 'hast';
import { walkElements } from '../compile/walk.ts';
import type { PageData, Crumb } from '../../schema/page.ts';
import { PAGE_SCHEMA_VERSION } from '../../schema/page.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { PageSource } from '../content/validate.ts';
import { variantsTable } from '../generate/method-card.ts';
import { flattenSidebar } from './sidebar.ts';

export function assemblePages(
  sources: PageSource[],
  compiled: Map<string, CompiledPage>,
  sidebar: SidebarItemOut[],
  lastUpdated: Map<string, string>,
  /** Dev: filled group trees by compiled page, reused while their variants are unchanged. */
  groupMemo?: WeakMap<object, { key: string; ast: CompiledPage['ast'] }>,
): PageData[] {
  const order = flattenSidebar(sidebar);
  const position = new Map(order.map((o, i) => [o.route, i]));
  const variantsByGroup = new Map<string, PageSource[]>();
  for (const s of sources) {
    if (s.frontmatter.kind === 'payment-method') {
      const list = variantsByGroup.get(s.frontmatter.method.group) ?? [];
      list.push(s);
      variantsByGroup.set(s.frontmatter.method.group, list);
    }
  }
  return sources.flatMap((source): PageData[] => {
    const compiledPage = compiled.get(source.route);
    if (!compiledPage) return [];
    const fm = source.frontmatter;
    let page = compiledPage;
    if (fm.kind === 'payment-group') {
      const variants = (variantsByGroup.get(fm.group) ?? [])
        .sort((a, b) => (position.get(a.route) ?? 1e9) - (position.get(b.route) ?? 1e9) || a.route.localeCompare(b.route))
        .map((v) => ({ route: v.route, title: v.frontmatter.title, method: (v.frontmatter as Extract<typeof v.frontmatter, { kind: 'payment-method' }>).method }));
      const key = JSON.stringify(variants);
      let filled = groupMemo?.get(compiledPage);
      if (filled?.key !== key) {
        // Compiled pages are shared with the cache: copy the one tree this stage changes.
        const ast = structuredClone(compiledPage.ast);
        walkElements(ast as never, (node: Element, parent, index) => {
          if (node.properties.dataPlaceholder !== 'variants-table') return;
          parent.children.splice(index, 1, variantsTable(variants));
          return false;
        });
        filled = { key, ast };
        groupMemo?.set(compiledPage, filled);
      }
      page = { ...compiledPage, ast: filled.ast };
    }
    const at = position.get(source.route);
    const entry = at !== undefined ? order[at] : undefined;
    const breadcrumbs: Crumb[] = source.route === '/' ? [] : [
      ...(entry?.trail ?? []).map((t) => ({ label: t.label, href: t.href })),
      // A category's own page is named by the category ("Mexico"), not its sidebar label ("Overview").
      { label: entry?.label ?? fm.sidebar_label ?? fm.title },
    ];
    const link = (i: number | undefined) => (i !== undefined && order[i] ? { route: order[i].route, title: order[i].label } : undefined);
    const { kind, title, description, keywords } = fm;
    return [{
      schemaVersion: PAGE_SCHEMA_VERSION,
      route: source.route,
      kind, title, description, keywords,
      breadcrumbs,
      toc: page.toc,
      lastUpdated: fm.last_updated ?? lastUpdated.get(source.relFile),
      prev: at !== undefined && at > 0 ? link(at - 1) : undefined,
      next: at !== undefined ? link(at + 1) : undefined,
      frontmatter: fm as unknown as Record<string, unknown>,
      ast: page.ast as PageData['ast'],
    }];
  });
}
