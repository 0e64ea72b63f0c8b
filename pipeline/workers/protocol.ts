/**
 * Tasks the build sends its worker threads: one page each. Plain JSON-able data;
 * the parts every task of a stage shares (compile context, manifest) are JSON in
 * shared memory with a key (`SharedJson`): a task carries a reference, not a copy —
 * the manifest grows with the site, so copying it into every task made the
 * prerender quadratic in the page count — and a worker parses each only once.
 */
import type { HtmlOptions } from '../emit/prerender.ts';

/** JSON every task of a stage shares: UTF-8 in a SharedArrayBuffer (crosses threads without a copy), named by `key`. */
export interface SharedJson { key: string; bytes: SharedArrayBuffer }

export type WorkerTask =
  | { type: 'compile'; ctx: SharedJson; input: unknown }
  | { type: 'prerender'; manifest: SharedJson; page?: string; route?: string; options: HtmlOptions }
  | { type: 'twin'; siteUrl: string; page: string }
  | { type: 'warm' };

/** compile → the compiled page as JSON, or why it failed; prerender → [dist path, HTML]; twin → the page's Markdown twin. */
export type CompileAnswer = { ok: true; json: string } | { ok: false; route: string; message: string };
export type PrerenderAnswer = [string, string];
