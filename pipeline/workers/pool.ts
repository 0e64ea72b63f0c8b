/**
 * The build's worker threads (piscina): one task per page, handed to whichever
 * thread is free. The threads start on the first task, so a build with nothing to
 * compile or render starts none. A thread that dies — even silently, with no
 * `error` event — fails the build with WorkerExitError instead of leaving it waiting.
 */
import type { Piscina } from 'piscina';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLE_DIR, projectPath } from '../paths.ts';
import type { SharedJson, WorkerTask } from './protocol.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { shortHash } from '../hash.ts';
import { shareText } from './shared-text.ts';

/** A value for every task of a stage, put in shared memory once (protocol.ts). */
export const sharedJson = (json: string): SharedJson => ({ key: shortHash(json), bytes: shareText(json) });

export class WorkerExitError extends Error {
  override name = 'WorkerExitError';
}

export interface WorkerPool {
  size: number;
  /** Run one task; `what` names it in the error if its thread dies ("compiling /x"). */
  run<T>(task: WorkerTask, what: string): Promise<T>;
  /** Starts the threads and loads the compiler in each now, for tasks that will come (errors wait for those tasks). */
  warm(): void;
  close(): Promise<void>;
}

/** The worker script: the CLI bundle's prebuilt one, or (from source) the TypeScript one through tsx. */
const defaultScript = () =>
  BUNDLE_DIR ? path.join(BUNDLE_DIR, 'worker.js') : fileURLToPath(new URL('./boot.mjs', import.meta.url));
/** What piscina loads, which imports the worker script (entry.cjs says why). */
const ENTRY = projectPath('pipeline/workers/entry.cjs');

/**
 * Default size: one thread per core. On 2 cores one worker used less CPU and memory at about
 * the same wall time, but at 10,000 pages it alone did the prerender and twins, and the build
 * grew faster than the page count (measured: bench/HISTORY.md, pool size). `filename` replaces
 * the worker script (tests).
 */
export function createPool(options: { size?: number; filename?: string } = {}): WorkerPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  let piscina: Promise<Piscina> | undefined;
  let broken: WorkerExitError | undefined;
  const start = async () => {
    const { Piscina } = await import('piscina');
    const pool = new Piscina({
      filename: ENTRY,
      workerData: { paydocsWorker: pathToFileURL(options.filename ?? defaultScript()).href },
      minThreads: size,
      maxThreads: size,
      idleTimeout: Infinity,
      // Workers render with React's production build (several times faster than the
      // development build's checks); their env is their own, this process's is untouched.
      env: { ...process.env, NODE_ENV: 'production' },
      // Each task builds and drops a page's trees: a larger young generation scavenges less
      // often (measured: bench/HISTORY.md, young generation).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
      // A few tasks queued in each thread: the main thread hands out the next task only when it
      // is free, and it is busy for hundreds of ms at a time (indexing, cross-checks, page JSON);
      // with one task per thread the threads sat idle through those (timeline of a cold build).
      concurrentTasksPerWorker: 32,
    });
    // A thread that dies between tasks: the next task fails with the reason.
    pool.on('error', (error: Error) => {
      broken ??= new WorkerExitError(`A build worker thread failed: ${error.message}`);
    });
    return pool;
  };
  return {
    size,
    async run<T>(task: WorkerTask, what: string): Promise<T> {
      if (broken) throw broken;
      piscina ??= start();
      const pool = await piscina;
      try {
        return (await pool.run(task)) as T;
      } catch (error) {
        const message = (error as Error).message ?? String(error);
        if (!/^worker exited|Terminating worker thread/i.test(message)) throw error;
        // Stop the others too: a pool that lost a thread may never start the queued tasks.
        if (!broken) {
          broken = new WorkerExitError(
            `A build worker thread ${message.replace(/^worker /i, '')} while ${what}; the build stopped.`,
          );
          void pool.destroy().catch(() => {});
        }
        throw broken;
      }
    },
    warm() {
      for (let i = 0; i < size; i++) this.run({ type: 'warm' }, 'starting').catch(() => {});
    },
    async close() {
      const pool = piscina;
      piscina = undefined;
      await (await pool)?.destroy();
    },
  };
}

/**
 * Runs a task whose answer the build keeps in its stage memo under `stage`/`key`. With the
 * memo on disk the worker thread writes it there itself (incremental/pack-store.ts `keepAt`) and
 * this thread only adopts it; otherwise this thread keeps it.
 */
export async function runKept<T>(
  pool: WorkerPool,
  memo: StageMemo,
  stage: string,
  key: string,
  task: KeptTask,
  what: string,
): Promise<T> {
  const keep = memo.keepAt(stage, key);
  const answer = await pool.run<T>({ ...task, keep }, what);
  if (keep) memo.adopt(stage, key);
  else memo.set(stage, key, answer);
  return answer;
}

/** A task whose answer can be kept by the thread that makes it. */
type KeptTask = Exclude<WorkerTask, { type: 'warm' | 'compile' }>;
