/** Named, timed build steps (VitePress task.ts): the orchestrator reads like a table of contents. */
export interface StepLog { name: string; ms: number }

export function createStepper(log?: (line: string) => void) {
  const steps: StepLog[] = [];
  async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try { return await run(); } finally {
      const ms = performance.now() - start;
      steps.push({ name, ms });
      log?.(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms`);
    }
  }
  return { step, steps };
}
