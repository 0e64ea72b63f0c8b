/**
 * Stage: assemble. Compiled pages + the site → page JSON (schema/page.ts):
 * parts that show other pages filled by the page's kind (a group's variants table),
 * breadcrumbs and previous/next from the sidebar, last-updated dates.
 */
import type { Root } from 'hast';
import type { PageData, Crumb } from '../../schema/page.ts';
import type { Frontmatter } from '../../schema/frontmatter.ts';
import { PAGE_SCHEMA_VERSION } from '../../schema/page.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { CompiledSummary } from '../compile/summary.ts';
import type { PageSource } from '../content/validate.ts';
import { kindOf, type LinkSite } from '../kinds/index.ts';
import { flattenSidebar } from './sidebar.ts';

/**
 * A page as assembled, without its tree, and what its kind's link-time fill takes from other
 * pages (`fill`: JSON-able, none when it fills nothing).
 */
export interface AssembledMeta {
  data: Omit<PageData, 'ast'>;
  fill?: unknown;
}

export interface PageAssembler {
  /** Everything but the tree: needs only the compiled page's summary. */
  meta(source: PageSource, compiled: Pick<CompiledSummary, 'toc'>): AssembledMeta;
  /**
   * The tree as shown: the compiled one with the kind's parts from other pages filled (a new tree;
   * the compiled one is shared with the cache).
   */
  tree(source: PageSource, ast: CompiledPage['ast']): PageData['ast'];
}

/** One page at a time (the build assembles each page as it is compiled, then lets its tree go). */
export function pageAssembler(
  sources: PageSource[],
  sidebar: SidebarItemOut[],
  lastUpdated: Map<string, string>,
): PageAssembler {
  const order = flattenSidebar(sidebar);
  const position = new Map(order.map((o, i) => [o.route, i]));
  const site: LinkSite = { pages: sources, position: (route) => position.get(route) };
  const linkInputs = (source: PageSource) => {
    const hook = kindOf(source.frontmatter).link;
    return hook ? { hook, inputs: hook.inputs(source, site) } : undefined;
  };
  const meta = (source: PageSource, compiled: Pick<CompiledSummary, 'toc'>): AssembledMeta => {
    const fm = source.frontmatter;
    const at = position.get(source.route);
    const entry = at !== undefined ? order[at] : undefined;
    const breadcrumbs: Crumb[] =
      source.route === '/'
        ? []
        : [
            ...(entry?.trail ?? []).map((t) => ({ label: t.label, href: t.href })),
            // A category's own page is named by the category ("Mexico"), not its sidebar label ("Overview").
            { label: entry?.label ?? fm.sidebar_label ?? fm.title },
          ];
    const link = (i: number | undefined) =>
      i !== undefined && order[i] ? { route: order[i].route, title: order[i].label } : undefined;
    const { kind, title, description, keywords } = fm;
    const linked = linkInputs(source);
    return {
      data: {
        schemaVersion: PAGE_SCHEMA_VERSION,
        route: source.route,
        kind,
        title,
        description,
        keywords,
        breadcrumbs,
        toc: compiled.toc,
        lastUpdated: fm.last_updated ?? lastUpdated.get(source.relFile),
        prev: at !== undefined && at > 0 ? link(at - 1) : undefined,
        next: at !== undefined ? link(at + 1) : undefined,
        frontmatter: fm,
      },
      fill: linked?.inputs,
    };
  };
  const tree = (source: PageSource, ast: CompiledPage['ast']) =>
    filledTree(source.frontmatter, ast, linkInputs(source)?.inputs);
  return { meta, tree };
}

/**
 * The tree as shown: the compiled one with the parts its kind fills from other pages, from the
 * kind's link inputs (`AssembledMeta.fill`; none: the tree as it is). Also called in the worker
 * thread that compiled the page (link/page-file.ts).
 */
export function filledTree(frontmatter: Frontmatter, ast: Root, inputs: unknown): PageData['ast'] {
  const hook = kindOf(frontmatter).link;
  return (hook && inputs !== undefined ? hook.fill(ast, inputs) : ast) as PageData['ast'];
}
