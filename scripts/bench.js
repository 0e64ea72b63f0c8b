#!/usr/bin/env node
// `npm run bench`: the benchmarks that print figures, one after another, each in its own process
// (tsx from node_modules/.bin, which npm puts on the PATH); the first that fails stops the run
// with its exit code.
import { spawnSync } from 'node:child_process';

const BENCHES = [
  ['tsx', 'bench/build.bench.ts'],
  ['tsx', 'bench/dev-rebuild.bench.ts'],
  ['tsx', 'bench/search-quality.bench.ts'],
  ['tsx', 'bench/serve.bench.ts'],
  ['node', '--expose-gc', '--import', 'tsx', 'bench/dev-bad-saves.bench.ts'],
  ['tsx', 'bench/page-size.bench.ts'],
  ['tsx', 'bench/lighthouse.bench.ts'],
];

for (const [command, ...args] of BENCHES) {
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.error) throw run.error;
  if (run.status !== 0) process.exit(run.status ?? 1);
}
