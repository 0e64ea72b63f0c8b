/**
 * Stage: compile all pages, in parallel worker threads, through a content-hash
 * cache. (inputs, context) → compiled pages. A page is recompiled only when its
 * file, the shared context (config, data) or the compiler's own code changed.
 */
import type { WorkerPool } from '../workers/pool.ts';
import type { CompileAnswer } from '../workers/protocol.ts';
import type { CompileContext, CompileInput } from './context.ts';
import { compilePage, type CompiledPage } from './compile-page.ts';
import type { PageCache } from '../cache.ts';
import { sha } from '../content/load.ts';

/** Below this many pages to compile, the round trip to the workers costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

export interface CompileFailure { route: string; message: string }

export async function compileAll(
  inputs: CompileInput[],
  ctx: CompileContext,
  cache: PageCache,
  options: { pool?: WorkerPool } = {},
): Promise<{ pages: Map<string, CompiledPage>; failures: CompileFailure[]; fromCache: number }> {
  const ctxHash = sha(JSON.stringify(ctx));
  const keyOf = (input: CompileInput) => sha(`${cache.compilerHash}\0${ctxHash}\0${input.hash}\0${input.route}`);
  const pages = new Map<string, CompiledPage>();
  const failures: CompileFailure[] = [];

  const cached = await Promise.all(inputs.map((input) => cache.get(keyOf(input))));
  const todo: CompileInput[] = [];
  inputs.forEach((input, i) => (cached[i] ? pages.set(input.route, cached[i]!) : todo.push(input)));
  const fromCache = inputs.length - todo.length;

  let results: { ok: boolean; page?: CompiledPage; route?: string; message?: string }[];
  if (!options.pool || todo.length < MIN_PAGES_FOR_WORKERS) {
    results = todo.map((input) => {
      try { return { ok: true, page: compilePage(input, ctx) }; } catch (e) { return { ok: false, route: input.route, message: (e as Error).stack }; }
    });
  } else {
    const pool = options.pool;
    const ctxJson = JSON.stringify(ctx);
    const answers = await Promise.all(todo.map((input) => pool.run<CompileAnswer>({ type: 'compile', ctxKey: ctxHash, ctx: ctxJson, input }, `compiling ${input.route}`)));
    results = answers.map((a) => (a.ok ? { ok: true, page: JSON.parse(a.json) as CompiledPage } : a));
  }
  await Promise.all(results.map((r) => (r.ok && r.page ? cache.set(keyOf(byRouteInput(todo, r.page.route)), r.page) : undefined)));
  return collect(results, pages, failures, fromCache);
}

const byRouteInput = (todo: CompileInput[], route: string) => todo.find((t) => t.route === route)!;

function collect(results: { ok: boolean; page?: CompiledPage; route?: string; message?: string }[], pages: Map<string, CompiledPage>, failures: CompileFailure[], fromCache: number) {
  for (const r of results) {
    if (r.ok && r.page) pages.set(r.page.route, r.page);
    else failures.push({ route: r.route!, message: r.message ?? 'unknown error' });
  }
  return { pages, failures, fromCache };
}

