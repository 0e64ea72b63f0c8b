/**
 * The judged search benchmark (issue 12): bench/search-queries.json over the real built
 * index, asked through the worker's own service (search/engine/service.ts). Prints
 * top-1/top-3/top-8 and MRR@8 per category, the queries whose first three suggestions
 * differ typed / pasted / warm, gzip bytes fetched before the first suggestion (worker
 * script included), typed and pasted, and query latency; then bytes and latency on
 * 10,000 generated pages. Prints figures, asserts nothing (the floor is guarded by
 * test/search/quality.test.ts).
 * Run: npx tsx bench/search-quality.bench.ts [--misses] [--real (skip the 10,000 pages)]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../pipeline/build.ts';
import { searchPageInputs } from '../pipeline/search/search-step.ts';
import { buildSearchIndex } from '../search/index/index.ts';
import {
  checkJudgments,
  differing,
  engine,
  generatePages,
  JUDGED,
  pct,
  runJudged,
  scoresByCategory,
  workerBytes,
  type IndexFiles,
  type QueryRun,
} from './search-judge.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const showMisses = process.argv.includes('--misses');
const realOnly = process.argv.includes('--real');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const p = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);

function printScores(runs: QueryRun[]) {
  console.log(
    `  ${'category'.padEnd(12)} ${'n'.padStart(4)} ${'top-1'.padStart(7)} ` +
      `${'top-3'.padStart(7)} ${'top-8'.padStart(7)} ${'MRR@8'.padStart(7)}`,
  );
  for (const [c, s] of scoresByCategory(runs))
    console.log(
      `  ${c.padEnd(12)} ${String(s.n).padStart(4)} ${p(s.top1)} ` +
        `${p(s.top3)} ${p(s.top8)} ${s.mrr.toFixed(3).padStart(7)}`,
    );
  if (showMisses) {
    for (const r of runs.filter((x) => x.rank === 0 || x.rank > 3))
      console.log(
        `  miss [${r.judged.category}] "${r.judged.q}" rank ${r.rank || '-'}: ${
          r.pasted
            .slice(0, 3)
            .map((x) => x.route)
            .join(', ') || '(none)'
        }`,
      );
  }
}

function printBytes(label: string, runs: QueryRun[], worker: number) {
  const line = (name: string, list: number[]) =>
    `${name} median ${kb(pct(list, 0.5) + worker)}, p95 ` +
    `${kb(pct(list, 0.95) + worker)}, max ${kb(Math.max(...list) + worker)}`;
  console.log(`  bytes before the first suggestion (gzip, worker ${kb(worker)} included)${label}:`);
  console.log(
    `    pasted: ${line(
      '',
      runs.map((r) => r.pastedFirst),
    )}; complete answer:${line(
      '',
      runs.map((r) => r.pastedBytes),
    )}`,
  );
  const typed = runs.filter((r) => r.typed);
  if (typed.length)
    console.log(
      `    typed:  ${line(
        '',
        typed.map((r) => r.typed!.firstBytes),
      )}; complete answer:${line(
        '',
        typed.map((r) => r.typed!.bytes),
      )}`,
    );
}

async function latency(files: IndexFiles, manifestUrl: string, queries: string[], rounds: number) {
  const warm = engine(files, manifestUrl);
  for (const q of queries) await warm.ask(q); // loads what the queries need, warms the JIT
  const suggest: number[] = [],
    full: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const q of queries) {
      suggest.push((await warm.ask(q)).ms);
      full.push((await warm.ask(q, 50, 'full')).ms);
    }
  const f = (t: number[]) =>
    `median ${pct(t, 0.5).toFixed(2)} ms, p95 ${pct(t, 0.95).toFixed(2)} ms, max ${Math.max(...t).toFixed(1)} ms`;
  console.log(
    `  query time (warm, ${queries.length} judged queries × ${rounds}): dropdown ${f(suggest)}; /search ${f(full)}`,
  );
}

const built = await buildSite({ root, pool: false });
const problems = checkJudgments(JUDGED, new Map([...built.pageFiles].map(([p, f]) => [p, f.json])));
if (problems.length) {
  console.error(
    `bench/search-queries.json: ${problems.length} judgments name no page or anchor:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
const worker = await workerBytes();
console.log(
  `Judged search benchmark: ${JUDGED.length} queries over the real site ` +
    `(${built.pages.length} pages); worker script ${kb(worker.gzip)} gzip`,
);

let t = performance.now();
const runs = await runJudged(built.searchFiles, built.manifest.search, JUDGED, { typed: true, warm: true });
console.log(`  (asked pasted, typed char by char and warm in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
printScores(runs);
const diff = differing(runs);
console.log(`  typed / pasted / warm: ${diff.length} of ${runs.length} queries differ in their first 3 suggestions`);
for (const d of diff.slice(0, showMisses ? 100 : 8))
  console.log(`    "${d.q}": pasted ${d.pasted.join(' ')} | typed ${d.typed?.join(' ')} | warm ${d.warm?.join(' ')}`);
printBytes('', runs, worker.gzip);
await latency(
  built.searchFiles,
  built.manifest.search,
  JUDGED.map((j) => j.q),
  5,
);

if (realOnly) process.exit(0);
const input = searchPageInputs(built);
t = performance.now();
const big = buildSearchIndex(generatePages(input, 10_000), built.site.config, {
  synonyms: built.site.data.search_synonyms,
});
console.log(
  `\n10,000 generated pages (index built in ${((performance.now() - t) / 1000).toFixed(1)} s): every 4th judged query`,
);
const sample = JUDGED.filter((_, i) => i % 4 === 0);
const bigRuns = await runJudged(big.files, `/${big.manifestPath}`, sample, { typed: true });
printBytes('', bigRuns, worker.gzip);
await latency(
  big.files,
  `/${big.manifestPath}`,
  sample.map((j) => j.q),
  2,
);
