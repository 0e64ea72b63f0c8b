/**
 * Stage: compile every page, through the stage memo (key: the page file's hash,
 * its route and the shared context — config, data — plus the code hash), the
 * misses in worker threads when there are enough of them to pay for the trip.
 * Beside each compiled page the memo keeps its summary (everything but the tree,
 * stage `page-summary`), so a build that needs no unchanged page's tree reads none.
 */
import { sharedJson, type WorkerPool } from '../workers/pool.ts';
import type { CompileAnswer } from '../workers/protocol.ts';
import type { CompileContext, CompileInput } from './context.ts';
import type { CompiledPage } from './compile-page.ts';
import type { ParsedChunks } from './markdown-chunks.ts';
import { summaryOf, type CompiledSummary } from './summary.ts';
import type { Root } from 'hast';
import type { StageMemo } from '../incremental/memo.ts';
import type { PageFileOrder, SharedPageFile } from '../link/page-file.ts';
import { sha } from '../hash.ts';
import type { Diagnostic } from '../diagnostics.ts';

/** Below this many pages to compile, the round trip to the workers costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

export interface CompileFailure {
  route: string;
  message: string;
}

/** A page the compiler crashed on, as a run reports it (rule compile-crash): the error's first line. */
export const crashProblem = (file: string, message: string): Diagnostic => ({
  file,
  message: `The compiler crashed: ${message.split('\n')[0]}`,
  rule: 'compile-crash',
});
export interface CompileResult {
  pages: Map<string, CompiledPage>;
  /** Each page's compile key: later stages key on it instead of the compiled tree. */
  keys: Map<string, string>;
  failures: CompileFailure[];
  compiled: number;
}

export const SUMMARY_STAGE = 'page-summary';

export interface CompileOptions {
  pool?: WorkerPool;
  /** A dev session's parsed Markdown chunks, for the pages compiled on this thread (markdown-chunks.ts). */
  chunks?: ParsedChunks;
  /**
   * Called with each page as it is compiled or taken from the memo, and a way to its tree
   * (read from the memo only if called); what it returns is kept. Given this, an unchanged
   * page is taken from its summary: the build keeps pages without their trees.
   */
  onPage?: (page: CompiledSummary, key: string, tree: () => Root) => CompiledPage;
  /**
   * Given this, a worker thread that compiles a page makes its page JSON file too, from the
   * order (link/page-file.ts), and sends back the summary and the file, not the tree; what
   * `madeThere` returns is kept. No order (undefined): the tree comes back, to `onPage`.
   */
  files?: {
    order(route: string, key: string): PageFileOrder | undefined;
    madeThere(page: CompiledSummary, file: SharedPageFile): CompiledPage;
  };
}

export async function compileAll(
  inputs: CompileInput[],
  ctx: CompileContext,
  memo: StageMemo,
  options: CompileOptions = {},
): Promise<CompileResult> {
  const ctxJson = JSON.stringify(ctx);
  const ctxHash = sha(ctxJson);
  const keys = new Map(inputs.map((input) => [input.route, memo.key('compile', [ctxHash, input.hash, input.route])]));
  const pages = new Map<string, CompiledPage>();
  const failures: CompileFailure[] = [];
  const keep = (page: CompiledPage) =>
    pages.set(page.route, options.onPage ? options.onPage(page, keys.get(page.route)!, () => page.ast) : page);
  const todo = inputs.filter((input) => {
    const key = keys.get(input.route)!;
    if (options.onPage) {
      // The summary is enough while the tree it stands for is still in the memo.
      const summary = memo.get<CompiledSummary>(SUMMARY_STAGE, key);
      if (summary && memo.touch('compile', key)) {
        pages.set(
          input.route,
          options.onPage(summary, key, () => treeOf(memo, key, input.route)),
        );
        return false;
      }
    }
    const kept = memo.get<CompiledPage>('compile', key);
    if (kept) {
      if (options.onPage) memo.set(SUMMARY_STAGE, key, summaryOf(kept));
      keep(kept);
    }
    return !kept;
  });

  // On this thread the page needs no trip through JSON (measured: bench/HISTORY.md, no JSON trip); the
  // disk memo serializes it when it keeps it.
  type Compiled =
    | { ok: true; page: CompiledPage; json?: string; keptThere?: boolean }
    | { ok: true; summary: CompiledSummary; file: SharedPageFile }
    | Extract<CompileAnswer, { ok: false }>;
  const compileHere = async (input: CompileInput): Promise<Compiled> => {
    const { compilePage } = await import('./compile-page.ts');
    try {
      return { ok: true, page: compilePage(input, ctx, { chunks: options.chunks }) };
    } catch (e) {
      return { ok: false, route: input.route, message: (e as Error).stack ?? String(e) };
    }
  };
  const pool = todo.length >= MIN_PAGES_FOR_WORKERS ? options.pool : undefined;
  const shared = pool && sharedJson(ctxJson);
  const compileThere = async (input: CompileInput): Promise<Compiled> => {
    const key = keys.get(input.route)!;
    const keep = memo.keepAt('compile', key);
    const file = keep && options.files?.order(input.route, key);
    const answer = await pool!.run<CompileAnswer>(
      { type: 'compile', ctx: shared!, input, keep, file },
      `compiling ${input.route}`,
    );
    if (!answer.ok || 'file' in answer) return answer;
    return {
      ok: true,
      page: JSON.parse(answer.json) as CompiledPage,
      json: answer.json,
      keptThere: keep !== undefined,
    };
  };
  // Each answer is taken as it comes, so a page's tree can go before the last page is compiled.
  const answered = new Map<string, Compiled>();
  await Promise.all(
    todo.map(async (input) => {
      const answer = await (pool ? compileThere(input) : compileHere(input));
      if (!answer.ok) {
        answered.set(input.route, answer);
        return;
      }
      const key = keys.get(input.route)!;
      if ('file' in answer) {
        // Given an order, the thread kept the tree (the order comes only with a disk memo).
        memo.adopt('compile', key);
        memo.set(SUMMARY_STAGE, key, answer.summary);
        pages.set(input.route, options.files!.madeThere(answer.summary, answer.file));
        return;
      }
      const { page } = answer;
      // Kept by the worker thread that compiled it, or here (one serialization serves both).
      if (answer.keptThere) memo.adopt('compile', key);
      else memo.set('compile', key, page, answer.json);
      memo.set(SUMMARY_STAGE, key, summaryOf(page));
      keep(page);
    }),
  );
  // Failures in input order, as before (diagnostics list them in that order).
  for (const input of todo) {
    const a = answered.get(input.route);
    if (a && !a.ok) failures.push({ route: a.route, message: a.message });
  }
  // The pages in input order too: later stages iterate them.
  const ordered = new Map<string, CompiledPage>();
  for (const input of inputs) {
    const page = pages.get(input.route);
    if (page) ordered.set(input.route, page);
  }
  return { pages: ordered, keys, failures, compiled: todo.length };
}

function treeOf(memo: StageMemo, key: string, route: string): Root {
  const page = memo.get<CompiledPage>('compile', key);
  // Seen only if the cache folder loses files during the build.
  if (!page) throw new Error(`The stage cache lost the compiled tree of ${route} during the build: build again.`);
  return page.ast;
}
