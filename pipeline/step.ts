/** Named, timed build steps (VitePress task.ts): the orchestrator reads like a table of contents. */
export interface StepLog {
  name: string;
  ms: number;
}

/**
 * PAYDOCS_MEMORY=1 adds the process's resident memory (all threads) and this thread's heap
 * after each step, and the highest RSS seen while it ran (sampled every 50 ms): where a
 * build's memory goes, measured (bench/build.bench.ts prints only the peak).
 */
const memoryLog = Boolean(process.env.PAYDOCS_MEMORY);
let peakRss = 0;
if (memoryLog)
  setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50).unref();
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export function createStepper(log?: (line: string) => void) {
  const steps: StepLog[] = [];
  async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      const ms = performance.now() - start;
      steps.push({ name, ms });
      let memory = '';
      if (memoryLog) {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        memory = `   rss ${mb(m.rss)} (peak ${mb(peakRss)}) heap ${mb(m.heapUsed)}`;
      }
      log?.(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms${memory}`);
    }
  }
  return { step, steps };
}

/**
 * Runs a synchronous step written as a generator, giving the event loop a turn at the first
 * `yield` after every `sliceMs`: a long step on the main thread (the search index) then lets
 * the worker threads' results in and their next tasks out, instead of leaving them idle.
 */
export async function inTurns<T>(steps: Generator<void, T>, sliceMs = 15): Promise<T> {
  let turnAt = performance.now() + sliceMs;
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() < turnAt) continue;
    await new Promise((resolve) => setImmediate(resolve));
    turnAt = performance.now() + sliceMs;
  }
}
