/** Named, timed build steps (VitePress task.ts): the orchestrator reads like a table of contents. */
export interface StepLog {
  name: string;
  ms: number;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** The highest resident memory seen, sampled every 50 ms from the moment it is made. */
function rssSampler(): () => number {
  let peak = 0;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50).unref();
  return () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    return peak;
  };
}

export type Step = ReturnType<typeof createStepper>['step'];

/**
 * `memory` (the CLI sets it from PAYDOCS_MEMORY=1): each step's line adds the process's
 * resident memory (all threads) and this thread's heap, and the highest RSS seen so far:
 * where a build's memory goes, measured (bench/build.bench.ts prints only the peak).
 */
export function createStepper(log?: (line: string) => void, { memory = false } = {}) {
  const steps: StepLog[] = [];
  const peakRss = memory ? rssSampler() : undefined;
  async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      const ms = performance.now() - start;
      steps.push({ name, ms });
      let usage = '';
      if (peakRss) {
        const m = process.memoryUsage();
        usage = `   rss ${mb(m.rss)} (peak ${mb(peakRss())}) heap ${mb(m.heapUsed)}`;
      }
      log?.(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms${usage}`);
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
