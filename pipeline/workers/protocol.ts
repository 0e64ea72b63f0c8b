/** Messages between the build and its worker threads. Plain JSON-able data only. */
import type { HtmlOptions } from '../emit/prerender.ts';

export type WorkerRequest =
  | { type: 'compile'; id: number; ctx: unknown; inputs: unknown[]; cacheDir?: string }
  | { type: 'prerender'; id: number; manifest: string; pages: string[]; extra: string[]; options: HtmlOptions };

export type WorkerResponse =
  | { id: number; results?: { ok: boolean; page?: unknown; json?: string; route?: string; message?: string }[]; files?: [string, string][]; error?: string };
