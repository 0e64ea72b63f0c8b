/**
 * Stage: page JSON. A page's file contents (its tree encoded: schema/page-codec.ts) and
 * content hash (the hash versions its URL in the manifest, so caches can keep it), through
 * the stage memo: the key is the page's compile key (standing for its tree) plus everything
 * assembly added around it and the inputs of what its kind fills in from other pages (e.g.
 * a table).
 */
import type { Root } from 'hast';
import type { PageData } from '../../schema/page.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import { summaryOf, type CompiledSummary } from '../compile/summary.ts';
import type { AssembledMeta, PageAssembler } from './assemble.ts';
import type { StageMemo } from '../incremental/memo.ts';
import {
  keptPageFile,
  makePageFile,
  readKeptPageFile,
  type MadePageFile,
  type PageFileOrder,
  type SharedPageFile,
} from './page-file.ts';
import { sharedBytes, sharedText } from '../workers/shared-text.ts';
import type { PageText } from '../workers/protocol.ts';
import type { PageSource } from '../content/validate.ts';
import { pageDataPath } from '../../schema/dist-layout.ts';
import { sha } from '../hash.ts';

/**
 * A page JSON file: its content hash and size, and its text — read from the stage memo only
 * when asked for. A build that links the file from the last dist (write.ts `kept`) never
 * reads it (measured: bench/HISTORY.md, kept page JSON).
 */
export interface PageFileText {
  hash: string;
  bytes: number;
  readonly json: string;
  /**
   * Its generated parts as the compile printed them (JSON, encode-content.ts `printedParts`), for
   * the build's prerender and twins; none when it has none. Not in the page JSON: a reader prints
   * them from their data (schema/generated/).
   */
  readonly printed?: string;
  /** Its text and printed parts in shared memory, when a worker thread made it (page-file.ts `SharedPageFile`). */
  readonly shared?: SharedPageFile;
}

/** What a task carries of a page file: the shared bytes when there are some (no copy, no string made here). */
export const pageTexts = (file: PageFileText): { page: PageText; printed?: PageText } =>
  file.shared ? { page: file.shared.json, printed: file.shared.printed } : { page: file.json, printed: file.printed };

/** What the dist gets of a page file: the shared bytes as they are, or the text. */
export const pageFileContents = (file: PageFileText): string | Uint8Array =>
  sharedBytes(file.shared?.json ?? file.json);

/** A page file a worker thread made: strings are made of its shared bytes only if asked for (dev, tests). */
function fromShared(file: SharedPageFile): PageFileText {
  const { json, printed } = file;
  return {
    hash: file.hash,
    bytes: file.bytes,
    shared: file,
    get json() {
      return sharedText(json);
    },
    get printed() {
      return printed && sharedText(printed);
    },
  };
}

/** Stage: a page JSON's hash and size alone, under the page JSON's own key. */
const PAGE_JSON_ID = 'page-json-id';

/**
 * The page JSON of an assembled page: kept under its compile key (standing for the compiled tree),
 * everything assembly added around the tree, and the key of the kind's fill — so the tree
 * itself is made (read from the memo, filled) only when the file is not kept.
 */
export function pageJson(
  meta: AssembledMeta,
  compileKey: string | undefined,
  tree: () => PageData['ast'],
  memo: StageMemo,
): PageFileText {
  if (!compileKey) return makePageFile(meta.data, tree() as Root);
  const key = pageJsonKey(meta, compileKey, memo);
  const id = memo.get<{ hash: string; bytes: number; printed?: boolean }>(PAGE_JSON_ID, key);
  if (id && memo.touch('page-json', key)) {
    let kept: { json: string; printed?: string } | undefined;
    const read = () => {
      if (!kept) {
        const text = memo.get<string>('page-json', key);
        if (text !== undefined) kept = readKeptPageFile(text);
      }
      // Seen only if the cache folder loses files during the build.
      if (!kept)
        throw new Error(`The stage cache lost the page JSON of ${meta.data.route} during the build: build again.`);
      return kept;
    };
    // Getters in the literal: spread into it, a getter runs at once (and read every API page's file).
    return {
      hash: id.hash,
      bytes: id.bytes,
      get json() {
        return read().json;
      },
      get printed() {
        return id.printed ? read().printed : undefined;
      },
    };
  }
  const file = makePageFile(meta.data, tree() as Root);
  memo.set('page-json', key, keptPageFile(file));
  keepId(memo, key, file);
  return file;
}

/**
 * A page JSON's memo key. The compile key stands for the page file (its hash) and so for
 * everything taken from it: the frontmatter (stringified for every page on every dev save;
 * measured: bench/HISTORY.md, page JSON key) and the fields read from it, and the compiled tree's toc.
 * What is left is what assembly adds from elsewhere: the sidebar's breadcrumbs and
 * neighbours, the date, and the kind's fill inputs.
 */
function pageJsonKey(meta: AssembledMeta, compileKey: string, memo: StageMemo): string {
  const {
    frontmatter: _fm,
    kind: _kind,
    title: _title,
    description: _description,
    keywords: _keywords,
    toc: _toc,
    ...around
  } = meta.data;
  return memo.key('page-json', [compileKey, around, fillKey(meta.fill)]);
}

/**
 * A fill's inputs by hash, once per inputs object: the kinds keep their inputs while what they
 * are made of is unchanged (the changelog's, a v2 operation's migration, a group's variants), and stringifying them
 * for every page on every dev save cost more than the save's own page (measured: bench/HISTORY.md,
 * issue 52).
 */
const fillKeys = new WeakMap<object, string>();

function fillKey(fill: unknown): string {
  if (fill === undefined) return '';
  if (fill === null || typeof fill !== 'object') return JSON.stringify(fill);
  let key = fillKeys.get(fill);
  if (key === undefined) fillKeys.set(fill, (key = sha(JSON.stringify(fill))));
  return key;
}

const keepId = (memo: StageMemo, key: string, file: MadePageFile | SharedPageFile) =>
  memo.set(PAGE_JSON_ID, key, { hash: file.hash, bytes: file.bytes, printed: file.printed !== undefined });

/**
 * Every page assembled with its tree (filled when read), and its page JSON (dev and `buildSite`,
 * which keep the trees).
 */
export function pageFilesWithTrees(
  sources: PageSource[],
  compiled: { pages: Map<string, CompiledPage>; keys: Map<string, string> },
  assembler: PageAssembler,
  memo: StageMemo,
) {
  const pages: PageData[] = [];
  const pageFiles = new Map<string, PageFileText>();
  for (const source of sources) {
    const own = compiled.pages.get(source.route);
    if (!own) continue;
    const meta = assembler.meta(source, own);
    // The tree is filled when first read (the dev server renders a page when it is asked for):
    // a group page's variants table is a new tree each time (measured: bench/HISTORY.md, lazy fill).
    let tree: PageData['ast'] | undefined;
    const page = Object.defineProperty({ ...meta.data } as PageData, 'ast', {
      get: () => (tree ??= assembler.tree(source, own.ast)),
      enumerable: true,
    });
    pages.push(page);
    pageFiles.set(
      pageDataPath(page.route),
      pageJson(meta, compiled.keys.get(page.route), () => page.ast, memo),
    );
  }
  return { pages, pageFiles };
}

/** A page's tree once its page JSON is made, in a build that keeps no trees (see `pageFilesAsCompiled`). */
const NO_TREE: Root = { type: 'root', children: [] };

/**
 * The build's way, keeping no trees: each page is assembled and serialized the moment it
 * is compiled (or taken from the memo: from its summary, its tree read only if its page
 * JSON is not kept), then kept without its tree — the later steps need its links,
 * sections, title and page JSON, not the tree (measured: bench/HISTORY.md, trees not kept).
 */
export function pageFilesAsCompiled(sources: PageSource[], assembler: PageAssembler, memo: StageMemo) {
  const bySource = new Map(sources.map((s) => [s.route, s]));
  const made = new Map<string, { page: PageData; file: PageFileText }>();
  // Each page sent with an order: its assembly and its page JSON's key, for when its file comes back.
  const ordered = new Map<string, { meta: AssembledMeta; fileKey: string }>();
  return {
    onPage(page: CompiledSummary, key: string, tree: () => Root): CompiledPage {
      const source = bySource.get(page.route)!;
      const meta = assembler.meta(source, page);
      made.set(page.route, {
        page: { ...meta.data, ast: NO_TREE as PageData['ast'] },
        file: pageJson(meta, key, () => assembler.tree(source, tree()), memo),
      });
      return { ...summaryOf(page), ast: NO_TREE };
    },
    /**
     * The order for the worker thread that compiles this page to make its file too (page-file.ts);
     * undefined when the memo is not on disk (the thread could not keep the file there).
     */
    order(route: string, key: string): PageFileOrder | undefined {
      // The toc is the compile's (madeThere); the key leaves it out.
      const meta = assembler.meta(bySource.get(route)!, { toc: [] });
      const fileKey = pageJsonKey(meta, key, memo);
      const keep = memo.keepAt('page-json', fileKey);
      if (!keep) return undefined;
      ordered.set(route, { meta, fileKey });
      const { toc: _toc, frontmatter: _fm, ...data } = meta.data;
      return { data, fill: meta.fill, keep };
    },
    /** A page compiled and its file made (and kept) by a worker thread, from its order. */
    madeThere(page: CompiledSummary, file: SharedPageFile): CompiledPage {
      const { meta, fileKey } = ordered.get(page.route)!;
      ordered.delete(page.route);
      memo.adopt('page-json', fileKey);
      keepId(memo, fileKey, file);
      made.set(page.route, {
        page: { ...meta.data, toc: page.toc, ast: NO_TREE as PageData['ast'] },
        file: fromShared(file),
      });
      return { ...page, ast: NO_TREE };
    },
    /** The pages (without trees) in the sources' order, and their files by dist path. */
    collected() {
      const pages = sources.flatMap((s) => made.get(s.route)?.page ?? []);
      return { pages, pageFiles: new Map(pages.map((p) => [pageDataPath(p.route), made.get(p.route)!.file])) };
    },
  };
}
