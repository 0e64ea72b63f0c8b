/**
 * Tasks the build sends its worker threads: one page each. Plain JSON-able data;
 * the parts every task of a stage shares (compile context, manifest) are JSON in
 * shared memory with a key (`SharedJson`): a task carries a reference, not a copy —
 * the manifest grows with the site, so copying it into every task made the
 * prerender quadratic in the page count — and a worker parses each only once.
 */
import type { HtmlOptions } from '../emit/prerender.ts';
import type { KeepAt } from '../incremental/memo.ts';
import type { CompiledSummary } from '../compile/summary.ts';
import type { PageFileOrder, SharedPageFile } from '../link/page-file.ts';

/** JSON every task of a stage shares: UTF-8 in a SharedArrayBuffer (crosses threads without a copy), named by `key`. */
export interface SharedJson {
  key: string;
  bytes: SharedArrayBuffer;
}

/**
 * A page JSON, its printed parts, HTML or twin: shared UTF-8 when a worker thread made it
 * (workers/shared-text.ts), else a string.
 */
export type PageText = SharedArrayBuffer | string;

/**
 * `keep`: where the thread keeps its answer in the build's disk memo (incremental/pack-store.ts
 * `keepAt`) before it answers, so the main thread need not write it. `file`: the thread makes
 * the compiled page's JSON file too, and answers with it instead of the tree (link/page-file.ts).
 */
export type WorkerTask =
  | { type: 'compile'; ctx: SharedJson; input: unknown; keep?: KeepAt; file?: PageFileOrder }
  | {
      type: 'prerender';
      manifest: SharedJson;
      generatedData: SharedJson;
      page?: PageText;
      printed?: PageText;
      route?: string;
      options: HtmlOptions;
      keep?: KeepAt;
    }
  | { type: 'twin'; siteUrl: string; generatedData: SharedJson; page: PageText; printed?: PageText; keep?: KeepAt }
  | { type: 'warm' };

/**
 * compile → the compiled page as JSON (or, given a file order, its summary and its page JSON file), or why it
 * failed; prerender → the HTML (the task's route, or its page's, says where it goes); twin → the page's
 * Markdown twin. HTML and twin are shared UTF-8 when the thread kept them in the memo (`PageText`).
 */
export type CompileAnswer =
  | { ok: true; json: string }
  | { ok: true; summary: CompiledSummary; file: SharedPageFile }
  | { ok: false; route: string; message: string };
/**
 * A worker's prerender answer. HTML that arrived as strings waited on the main thread's heap
 * until a major GC, at the build's peak, the end of the prerender (measured: bench/HISTORY.md,
 * HTML as bytes) — while bytes in a SharedArrayBuffer go to disk as they are and go with their buffer.
 */
export type PrerenderReply = PageText;
/**
 * A worker's twin answer, as the HTML: UTF-8, half the memory of strings (measured:
 * bench/HISTORY.md, HTML as bytes).
 */
export type TwinReply = PageText;
