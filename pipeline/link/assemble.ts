/**
 * Stage: assemble. Compiled pages + the site → page JSON (schema/page.ts):
 * parts that show other pages filled by the page's kind (a group's variants table),
 * breadcrumbs and previous/next from the sidebar, last-updated dates.
 */
import type { PageData, Crumb } from '../../schema/page.ts';
import { PAGE_SCHEMA_VERSION } from '../../schema/page.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { CompiledSummary } from '../compile/compile-all.ts';
import type { PageSource } from '../content/validate.ts';
import { kindOf, type LinkSite } from '../kinds/index.ts';
import { flattenSidebar } from './sidebar.ts';

/** A page as assembled, without its tree, and what its kind's link-time fill depends on ('' when it fills nothing). */
export interface AssembledMeta { data: Omit<PageData, 'ast'>; fillKey: string }

export interface PageAssembler {
  /** Everything but the tree: needs only the compiled page's summary. */
  meta(source: PageSource, compiled: CompiledSummary): AssembledMeta;
  /** The tree as shown: the compiled one with the kind's parts from other pages filled (a new tree; the compiled one is shared with the cache). */
  tree(source: PageSource, ast: CompiledPage['ast']): PageData['ast'];
}

/** One page at a time (the build assembles each page as it is compiled, then lets its tree go). */
export function pageAssembler(sources: PageSource[], sidebar: SidebarItemOut[], lastUpdated: Map<string, string>): PageAssembler {
  const order = flattenSidebar(sidebar);
  const position = new Map(order.map((o, i) => [o.route, i]));
  const site: LinkSite = { pages: sources, position: (route) => position.get(route) };
  const linkInputs = (source: PageSource) => {
    const hook = kindOf(source.frontmatter).link;
    return hook ? { hook, inputs: hook.inputs(source, site) } : undefined;
  };
  const meta = (source: PageSource, compiled: CompiledSummary): AssembledMeta => {
    const fm = source.frontmatter;
    const at = position.get(source.route);
    const entry = at !== undefined ? order[at] : undefined;
    const breadcrumbs: Crumb[] = source.route === '/' ? [] : [
      ...(entry?.trail ?? []).map((t) => ({ label: t.label, href: t.href })),
      // A category's own page is named by the category ("Mexico"), not its sidebar label ("Overview").
      { label: entry?.label ?? fm.sidebar_label ?? fm.title },
    ];
    const link = (i: number | undefined) => (i !== undefined && order[i] ? { route: order[i].route, title: order[i].label } : undefined);
    const { kind, title, description, keywords } = fm;
    const linked = linkInputs(source);
    return {
      data: {
        schemaVersion: PAGE_SCHEMA_VERSION,
        route: source.route,
        kind, title, description, keywords,
        breadcrumbs,
        toc: compiled.toc,
        lastUpdated: fm.last_updated ?? lastUpdated.get(source.relFile),
        prev: at !== undefined && at > 0 ? link(at - 1) : undefined,
        next: at !== undefined ? link(at + 1) : undefined,
        frontmatter: fm,
      },
      fillKey: linked ? JSON.stringify(linked.inputs) : '',
    };
  };
  const tree = (source: PageSource, ast: CompiledPage['ast']) => {
    const linked = linkInputs(source);
    return (linked ? linked.hook.fill(ast, linked.inputs) : ast) as PageData['ast'];
  };
  return { meta, tree };
}
