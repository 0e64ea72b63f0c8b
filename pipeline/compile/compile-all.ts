/**
 * Stage: compile every page, through the stage memo (key: the page file's hash,
 * its route and the shared context — config, data — plus the code hash), the
 * misses in worker threads when there are enough of them to pay for the trip.
 */
import { sharedJson, type WorkerPool } from '../workers/pool.ts';
import type { CompileAnswer } from '../workers/protocol.ts';
import type { CompileContext, CompileInput } from './context.ts';
import type { CompiledPage } from './compile-page.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { sha } from '../hash.ts';

/** Below this many pages to compile, the round trip to the workers costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

export interface CompileFailure { route: string; message: string }
export interface CompileResult {
  pages: Map<string, CompiledPage>;
  /** Each page's compile key: later stages key on it instead of the compiled tree. */
  keys: Map<string, string>;
  failures: CompileFailure[];
  compiled: number;
}

export async function compileAll(inputs: CompileInput[], ctx: CompileContext, memo: StageMemo, options: { pool?: WorkerPool } = {}): Promise<CompileResult> {
  const ctxJson = JSON.stringify(ctx);
  const ctxHash = sha(ctxJson);
  const keys = new Map(inputs.map((input) => [input.route, memo.key('compile', [ctxHash, input.hash, input.route])]));
  const pages = new Map<string, CompiledPage>();
  const failures: CompileFailure[] = [];
  const kept = inputs.map((input) => memo.get<CompiledPage>('compile', keys.get(input.route)!));
  const todo = inputs.filter((input, i) => (kept[i] ? (pages.set(input.route, kept[i]!), false) : true));

  const compileHere = async (input: CompileInput): Promise<CompileAnswer> => {
    const { compilePage } = await import('./compile-page.ts');
    try { return { ok: true, json: JSON.stringify(compilePage(input, ctx)) }; } catch (e) { return { ok: false, route: input.route, message: (e as Error).stack ?? String(e) }; }
  };
  const pool = todo.length >= MIN_PAGES_FOR_WORKERS ? options.pool : undefined;
  const shared = pool && sharedJson(ctxJson);
  const answers = await Promise.all(todo.map((input) => (pool ? pool.run<CompileAnswer>({ type: 'compile', ctx: shared!, input }, `compiling ${input.route}`) : compileHere(input))));
  answers.forEach((answer, i) => {
    if (!answer.ok) { failures.push({ route: answer.route, message: answer.message }); return; }
    const page = JSON.parse(answer.json) as CompiledPage;
    pages.set(page.route, page);
    // One serialization serves the worker's reply and the disk memo.
    memo.set('compile', keys.get(todo[i].route)!, page, answer.json);
  });
  return { pages, keys, failures, compiled: todo.length };
}
