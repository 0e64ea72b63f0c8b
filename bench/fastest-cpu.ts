/**
 * The CPU milliseconds (user + system, this process) of the fastest of `rounds` runs of `run`,
 * after one run to warm up the JIT: for the one-thread benches of a pipeline step.
 */
export function fastestCpuMs(run: () => void, rounds: number): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return Math.min(...times);
}
