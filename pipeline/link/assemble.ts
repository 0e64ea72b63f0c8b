/**
 * Stage: assemble. Compiled pages + the site → page JSON (schema/page.ts):
 * parts that show other pages filled by the page's kind (a group's variants table),
 * breadcrumbs and previous/next from the sidebar, last-updated dates.
 */
import type { PageData, Crumb } from '../../schema/page.ts';
import { PAGE_SCHEMA_VERSION } from '../../schema/page.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { PageSource } from '../content/validate.ts';
import { kindOf, type LinkSite } from '../kinds/index.ts';
import { flattenSidebar } from './sidebar.ts';

/** One page at a time (the build assembles each page as it is compiled, then lets its tree go). */
export function pageAssembler(
  sources: PageSource[],
  sidebar: SidebarItemOut[],
  lastUpdated: Map<string, string>,
  linkMemo?: WeakMap<object, { key: string; ast: CompiledPage['ast'] }>,
): (source: PageSource, compiledPage: CompiledPage) => PageData {
  const order = flattenSidebar(sidebar);
  const position = new Map(order.map((o, i) => [o.route, i]));
  const site: LinkSite = { pages: sources, position: (route) => position.get(route) };
  return (source, compiledPage) => {
    const fm = source.frontmatter;
    let page = compiledPage;
    const linkHook = kindOf(fm).link;
    if (linkHook) {
      const inputs = linkHook.inputs(source, site);
      const key = JSON.stringify(inputs);
      let filled = linkMemo?.get(compiledPage);
      if (filled?.key !== key) {
        filled = { key, ast: linkHook.fill(compiledPage.ast, inputs) };
        linkMemo?.set(compiledPage, filled);
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
    return {
      schemaVersion: PAGE_SCHEMA_VERSION,
      route: source.route,
      kind, title, description, keywords,
      breadcrumbs,
      toc: page.toc,
      lastUpdated: fm.last_updated ?? lastUpdated.get(source.relFile),
      prev: at !== undefined && at > 0 ? link(at - 1) : undefined,
      next: at !== undefined ? link(at + 1) : undefined,
      frontmatter: fm,
      ast: page.ast as PageData['ast'],
    };
  };
}
