/**
 * Tasks the build sends its worker threads: one page each. Plain JSON-able data;
 * the shared parts (compile context, manifest) travel as JSON strings with a key,
 * so a worker parses each only once (a string crosses threads ~10× faster than
 * the same tree as a structured clone).
 */
import type { HtmlOptions } from '../emit/prerender.ts';

export type WorkerTask =
  | { type: 'compile'; ctxKey: string; ctx: string; input: unknown }
  | { type: 'prerender'; manifestKey: string; manifest: string; page?: string; route?: string; options: HtmlOptions }
  | { type: 'twin'; siteUrl: string; page: string };

/** compile → the compiled page as JSON, or why it failed; prerender → [dist path, HTML]; twin → the page's Markdown twin. */
export type CompileAnswer = { ok: true; json: string } | { ok: false; route: string; message: string };
export type PrerenderAnswer = [string, string];
