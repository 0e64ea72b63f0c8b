/**
 * Stage: compile all pages, in parallel worker threads, through a content-hash
 * cache. (inputs, context) → compiled pages. A page is recompiled only when its
 * file, the shared context (config, data) or the compiler's own code changed.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { CompileContext, CompileInput } from './context.ts';
import { compilePage, type CompiledPage } from './compile-page.ts';
import type { PageCache } from '../cache.ts';
import { sha } from '../content/load.ts';

/** Below this many pages to compile, worker start-up costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

export interface CompileFailure { route: string; message: string }

export async function compileAll(
  inputs: CompileInput[],
  ctx: CompileContext,
  cache: PageCache,
  options: { workers?: number } = {},
): Promise<{ pages: Map<string, CompiledPage>; failures: CompileFailure[]; fromCache: number }> {
  const ctxHash = sha(JSON.stringify(ctx));
  const keyOf = (input: CompileInput) => sha(`${cache.compilerHash}\0${ctxHash}\0${input.hash}\0${input.route}`);
  const pages = new Map<string, CompiledPage>();
  const failures: CompileFailure[] = [];

  const cached = await Promise.all(inputs.map((input) => cache.get(keyOf(input))));
  const todo: CompileInput[] = [];
  inputs.forEach((input, i) => (cached[i] ? pages.set(input.route, cached[i]!) : todo.push(input)));
  const fromCache = inputs.length - todo.length;

  const workerCount = Math.min(options.workers ?? availableParallelism(), Math.ceil(todo.length / MIN_PAGES_FOR_WORKERS));
  let results: { ok: boolean; page?: CompiledPage; route?: string; message?: string }[];
  if (workerCount <= 1) {
    results = todo.map((input) => {
      try { return { ok: true, page: compilePage(input, ctx) }; } catch (e) { return { ok: false, route: input.route, message: (e as Error).stack }; }
    });
  } else {
    results = await inWorkers(todo, ctx, workerCount);
  }
  const byRoute = new Map(todo.map((t) => [t.route, t]));
  await Promise.all(results.map(async (r) => {
    if (r.ok && r.page) {
      pages.set(r.page.route, r.page);
      await cache.set(keyOf(byRoute.get(r.page.route)!), r.page);
    } else failures.push({ route: r.route!, message: r.message ?? 'unknown error' });
  }));
  return { pages, failures, fromCache };
}

async function inWorkers(todo: CompileInput[], ctx: CompileContext, count: number) {
  // Interleave so each worker gets a similar mix of heavy (API) and light pages.
  const batches: CompileInput[][] = Array.from({ length: count }, () => []);
  todo.forEach((input, i) => batches[i % count].push(input));
  const entry = new URL('./worker.ts', import.meta.url).href;
  const all = await Promise.all(batches.map((inputs, id) => new Promise<{ ok: boolean; page?: CompiledPage; route?: string; message?: string }[]>((resolve, reject) => {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { entry, ctx } });
    worker.once('message', (msg: { results: never[] }) => { resolve(msg.results); void worker.terminate(); });
    worker.once('error', reject);
    worker.postMessage({ id, inputs });
  })));
  return all.flat();
}
