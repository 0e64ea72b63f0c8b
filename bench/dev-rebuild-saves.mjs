// The measuring half of bench/dev-rebuild.bench.ts, in plain JavaScript: run by `node`
// on the dev server's engine bundle, as `paydocs dev` runs it (no TypeScript loader).
// Usage: node bench/dev-rebuild-saves.mjs <engine.js> <site root>
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [engineFile, root] = process.argv.slice(2);
const engine = await import(pathToFileURL(engineFile).href);
// As a dev session does (pipeline/server/dev-session.ts): a save's unchanged Markdown chunks are taken as parsed.
const chunks = engine.parsedChunks();
const memo = engine.createStageMemo(engine.memoryStore(), 'this-session');
let t = performance.now();
// The first build compiles every page in worker threads, as the dev server's does.
const pool = engine.createPool();
const content0 = await engine.loadContent(root);
const dates0 = engine.lastUpdatedDates(
  root,
  content0.pages.map((p) => p.relFile),
);
const first = { content: content0, dates: dates0, memo, step: engine.createStepper().step, pool, chunks };
let model = await engine.buildModel(first, engine.inMemory);
await pool.close();
await engine.buildSearch(model, memo, engine.createStepper().step);
console.log(`first build (in memory): ${(performance.now() - t).toFixed(0)} ms`);
// What the dev server does next, while it waits for the first save (BENCH_NO_WARM_UP=1: without it).
t = performance.now();
if (!process.env.BENCH_NO_WARM_UP) await engine.warmUpCompiler(model, undefined, chunks);
console.log(`compiler warmed up in ${(performance.now() - t).toFixed(0)} ms`);

/** A save's steps of 1 ms or more. */
const stepsLine = (stepper) =>
  stepper.steps
    .filter((s) => s.ms >= 1)
    .map((s) => `${s.name} ${s.ms.toFixed(0)}`)
    .join(', ');

const targets = ['content/introduction.md', 'content/api/v2/transaction/create.md', 'content/services/pix/payin.md'];
const runs = [];
const reindex = [];
// Ten rounds: the p95 of 30 saves is not just the slowest one.
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
for (let round = 0; round < rounds; round++) {
  for (const rel of targets) {
    const file = path.join(root, rel);
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\nEdited in round ${round}.\n`);
    const stepper = engine.createStepper();
    t = performance.now();
    // As the dev server does: the saved file's date from its file time, no git run per save, and
    // only the saved file read again.
    const dates = engine.datesAfterSave(root, model.dates, [rel]);
    const content = await engine.reloadContent(model.content, [file]);
    model = await engine.buildModel({ content, dates, memo, step: stepper.step, chunks }, engine.inMemory);
    const ms = performance.now() - t;
    runs.push(ms);
    if (process.env.BENCH_VERBOSE) console.log(`  round ${round} ${rel}: ${ms.toFixed(1)} ms — ${stepsLine(stepper)}`);
    const s0 = performance.now();
    await engine.buildSearch(model, memo, stepper.step);
    reindex.push(performance.now() - s0);
    if (round === rounds - 1) console.log(`${rel}: ${ms.toFixed(1)} ms — ${stepsLine(stepper)}`);
  }
}
runs.sort((a, b) => a - b);
reindex.sort((a, b) => a - b);
const median = (xs) => xs[Math.floor(xs.length / 2)];
console.log(`search re-index after a save (follows the reload): median ${median(reindex).toFixed(0)} ms`);
console.log(
  `single-page rebuild over ${runs.length} saves: median ${median(runs).toFixed(1)} ms, p95 ` +
    `${runs[Math.floor(runs.length * 0.95)].toFixed(1)} ms, slowest ${runs.at(-1).toFixed(1)} ms ` +
    '(target p95 < 50 ms)',
);
