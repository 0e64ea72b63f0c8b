/**
 * A fixed pool of worker threads for the CPU-heavy stages (compile, prerender).
 * Started before content is loaded, so thread start-up overlaps the main thread's
 * work; each task is split into one interleaved share per worker.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';
import { BUNDLE_DIR } from '../paths.ts';
import path from 'node:path';

type Share = Omit<WorkerRequest, 'id'>;

export interface WorkerPool {
  size: number;
  /** Send one request per worker (`shares[i]` to worker i) and collect the answers. */
  run(shares: Share[]): Promise<WorkerResponse[]>;
  close(): Promise<void>;
}

/** Default size: one worker per core but one — this thread takes a share of each stage too (measured: bench/build.bench.ts). */
export function createPool(size = Math.max(1, availableParallelism() - 1)): WorkerPool {
  // From the CLI bundle: its prebuilt worker; from source: the TypeScript entry through tsx.
  const script = BUNDLE_DIR ? path.join(BUNDLE_DIR, 'worker.js') : new URL('./boot.mjs', import.meta.url);
  const entry = new URL('./worker.ts', import.meta.url).href;
  // Workers render with React's production build (several times faster than the
  // development build's checks); their env is their own, this process's is untouched.
  const env = { ...process.env, NODE_ENV: 'production' };
  const workers = Array.from({ length: size }, () => new Worker(script, { workerData: { entry }, env }));
  for (const w of workers) w.unref();
  let next = 0;
  const ask = (worker: Worker, share: Share) => new Promise<WorkerResponse>((resolve, reject) => {
    const id = ++next;
    const onMessage = (res: WorkerResponse) => {
      if (res.id !== id) return;
      worker.off('message', onMessage); worker.off('error', reject);
      if (res.error) reject(new Error(res.error)); else resolve(res);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.postMessage({ ...share, id });
  });
  return {
    size,
    run: (shares) => Promise.all(shares.map((share, i) => ask(workers[i % size], share))),
    close: async () => { await Promise.all(workers.map((w) => w.terminate())); },
  };
}

/** Split a list into `n` interleaved shares (similar mixes of heavy and light items). */
export function interleave<T>(items: T[], n: number): T[][] {
  const shares: T[][] = Array.from({ length: n }, () => []);
  items.forEach((item, i) => shares[i % n].push(item));
  return shares;
}
