/**
 * Stage: page JSON. A page's file contents (its tree encoded: schema/page-codec.ts) and content hash (the hash versions its
 * URL in the manifest, so caches can keep it), through the stage memo: the key is
 * the page's compile key (standing for its tree) plus everything assembly added
 * around it — or the tree itself when assembly changed it (e.g. a filled table).
 */
import type { Root } from 'hast';
import { shortHash as hash } from '../hash.ts';
import type { PageData } from '../../schema/page.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { pageFile } from './encode-content.ts';
import type { PageSource } from '../content/validate.ts';
import { pageDataPath } from '../content/routes.ts';

export function pageJson(page: PageData, compiled: { page: CompiledPage; key: string } | undefined, memo: StageMemo): { json: string; hash: string } {
  const make = () => { const json = JSON.stringify(pageFile(page)); return { json, hash: hash(json) }; };
  if (!compiled) return make();
  const { ast, ...rest } = page;
  return memo.runSync('page-json', [compiled.key, rest, ast === compiled.page.ast ? '' : ast], make);
}

/** A page's tree once its page JSON is made, in a build that keeps no trees (see `pageFilesAsCompiled`). */
const NO_TREE: Root = { type: 'root', children: [] };

/**
 * The build's way, keeping no trees: each page is assembled and serialized the moment it
 * is compiled (or taken from the memo), then kept without its tree — the later steps
 * need its links, sections, title and page JSON, not the tree (2,000 pages: ~600 MB).
 */
export function pageFilesAsCompiled(sources: PageSource[], assemble: (source: PageSource, page: CompiledPage) => PageData, memo: StageMemo) {
  const bySource = new Map(sources.map((s) => [s.route, s]));
  const made = new Map<string, { page: PageData; file: { json: string; hash: string } }>();
  return {
    onPage(page: CompiledPage, key: string): CompiledPage {
      const data = assemble(bySource.get(page.route)!, page);
      made.set(page.route, { page: { ...data, ast: NO_TREE as PageData['ast'] }, file: pageJson(data, { page, key }, memo) });
      return { ...page, ast: NO_TREE };
    },
    /** The pages (without trees) in the sources' order, and their files by dist path. */
    collected() {
      const pages = sources.flatMap((s) => made.get(s.route)?.page ?? []);
      return { pages, pageFiles: new Map(pages.map((p) => [pageDataPath(p.route), made.get(p.route)!.file])) };
    },
  };
}
