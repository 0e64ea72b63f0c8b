/**
 * How long `paydocs dev` takes to rebuild after one page is saved: a real build of
 * the real content into memory (stage memo in memory, as the dev server keeps it),
 * then one page edited and the same steps run again — the page model (what the
 * reload waits for) and the search index (which follows it). As `paydocs dev` runs them:
 * the steps come from the dev server's own engine bundle (pipeline/server/dev-engine.ts)
 * in a plain Node process (bench/dev-rebuild-saves.mjs) — through tsx every `import()` of
 * a step went to its loader thread (~5 ms of a save the dev server does not have) — the
 * first build compiles in worker threads, and the compiler is warmed up after it
 * (BENCH_NO_WARM_UP=1: not). BENCH_VERBOSE=1 prints every save's steps. Prints figures;
 * asserts nothing. Run: npx tsx bench/dev-rebuild.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleEngine } from '../pipeline/server/dev-engine.ts';
import { V8_FLAGS } from '../bin/v8-flags.mjs';

/** V8's flags as `paydocs dev` sets them (BENCH_V8_DEFAULTS=1: V8's own, to compare). */
const flags = process.env.BENCH_V8_DEFAULTS ? [] : V8_FLAGS.split(' ');

const root = await mkdtemp(path.join(tmpdir(), 'paydocs-bench-'));
await cp(path.resolve('content'), path.join(root, 'content'), { recursive: true });
const { file, dispose } = await bundleEngine();
try {
  const run = spawnSync(
    process.execPath,
    [...flags, path.join(import.meta.dirname, 'dev-rebuild-saves.mjs'), file, root],
    { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (run.status !== 0) process.exitCode = 1;
} finally {
  dispose();
  await rm(root, { recursive: true, force: true });
}
