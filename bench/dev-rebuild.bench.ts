/**
 * How long `paydocs dev` takes to rebuild after one page is saved: a real build of
 * the real content into memory, then one page edited and rebuilt through the memo
 * and cache, as the dev server does. Prints figures; asserts nothing.
 * Run: npx tsx bench/dev-rebuild.bench.ts
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, createBuildMemo } from '../pipeline/build.ts';
import { createPageCache } from '../pipeline/cache.ts';
import { createStepper } from '../pipeline/step.ts';

const root = await mkdtemp(path.join(tmpdir(), 'paydocs-bench-'));
await cp(path.resolve('content'), path.join(root, 'content'), { recursive: true });
const cache = await createPageCache(undefined);
const memo = createBuildMemo();
let t = performance.now();
await buildSite({ root, cache, memo, pool: false });
console.log(`first build (in memory, one thread): ${(performance.now() - t).toFixed(0)} ms`);

const targets = ['content/introduction.md', 'content/api/v2/transaction/create.md', 'content/services/pix/payin.md'];
const runs: number[] = [];
const reindex: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const rel of targets) {
    const file = path.join(root, rel);
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\nEdited in round ${round}.\n`);
    const stepper = createStepper();
    t = performance.now();
    const site = await buildSite({ root, cache, memo, pool: false, changed: [file], deferSearch: true }, stepper);
    const ms = performance.now() - t;
    runs.push(ms);
    const s0 = performance.now();
    site.reindex();
    reindex.push(performance.now() - s0);
    if (round === 4) console.log(`${rel}: ${ms.toFixed(1)} ms — ${stepper.steps.filter((s) => s.ms >= 1).map((s) => `${s.name} ${s.ms.toFixed(0)}`).join(', ')}`);
  }
}
runs.sort((a, b) => a - b);
reindex.sort((a, b) => a - b);
console.log(`search re-index after a save (follows the reload): median ${reindex[Math.floor(reindex.length / 2)].toFixed(0)} ms`);
console.log(`single-page rebuild over ${runs.length} saves: median ${runs[Math.floor(runs.length / 2)].toFixed(1)} ms, p95 ${runs[Math.floor(runs.length * 0.95)].toFixed(1)} ms (target < 50 ms)`);
await rm(root, { recursive: true, force: true });
