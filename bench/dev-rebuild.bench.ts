/**
 * How long `paydocs dev` takes to rebuild after one page is saved: a real build of
 * the real content into memory (stage memo in memory, as the dev server keeps it),
 * then one page edited and the same steps run again — the page model (what the
 * reload waits for) and the search index (which follows it). Prints figures;
 * asserts nothing. Run: npx tsx bench/dev-rebuild.bench.ts
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildModel, buildSearch, createMemo } from '../pipeline/build.ts';
import { createStepper } from '../pipeline/step.ts';
import { datesAfterSave } from '../pipeline/content/last-updated.ts';
import { reloadContent } from '../pipeline/content/load.ts';

const root = await mkdtemp(path.join(tmpdir(), 'paydocs-bench-'));
await cp(path.resolve('content'), path.join(root, 'content'), { recursive: true });
const memo = await createMemo({ root, cacheDir: false });
let t = performance.now();
let model = await buildModel({ root, pool: false }, memo, createStepper().step);
await buildSearch(model, memo, createStepper().step);
console.log(`first build (in memory, one thread): ${(performance.now() - t).toFixed(0)} ms`);

const targets = ['content/introduction.md', 'content/api/v2/transaction/create.md', 'content/services/pix/payin.md'];
const runs: number[] = [];
const reindex: number[] = [];
// Ten rounds: the p95 of 30 saves is not just the slowest one.
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
for (let round = 0; round < rounds; round++) {
  for (const rel of targets) {
    const file = path.join(root, rel);
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\nEdited in round ${round}.\n`);
    const stepper = createStepper();
    t = performance.now();
    // As the dev server does: the saved file's date from its file time, no git run per save, and
    // only the saved file read again.
    const content = await reloadContent(model.content, [file]);
    model = await buildModel({ root, pool: false }, memo, stepper.step, { dates: await datesAfterSave(root, model.dates, [rel]), content });
    const ms = performance.now() - t;
    runs.push(ms);
    const s0 = performance.now();
    await buildSearch(model, memo, stepper.step);
    reindex.push(performance.now() - s0);
    if (round === rounds - 1) console.log(`${rel}: ${ms.toFixed(1)} ms — ${stepper.steps.filter((s) => s.ms >= 1).map((s) => `${s.name} ${s.ms.toFixed(0)}`).join(', ')}`);
  }
}
runs.sort((a, b) => a - b);
reindex.sort((a, b) => a - b);
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
console.log(`search re-index after a save (follows the reload): median ${median(reindex).toFixed(0)} ms`);
console.log(`single-page rebuild over ${runs.length} saves: median ${median(runs).toFixed(1)} ms, p95 ${runs[Math.floor(runs.length * 0.95)].toFixed(1)} ms (target < 50 ms)`);
await rm(root, { recursive: true, force: true });
