/**
 * Build speed at scale, through the CLI as a user runs it: for the real site and
 * for generated sites (bench/generate-site.ts: the real content copied until it has
 * N pages), cold (no stage cache, no dist), warm (nothing changed) and one page
 * changed — wall, CPU seconds (user + system of the whole process tree, /usr/bin/time)
 * and peak RSS; the pipeline's own time as the build prints it; every step of the
 * cold build; the single-thread floor on the same Markdown (bench/floor.ts: unified +
 * highlight.js, one thread) and how the cold build's CPU compares to it; the growth
 * factors from size to size. Prints figures; asserts nothing.
 *
 * Run: npm run bench, or npx tsx bench/build.bench.ts. BENCH_SIZES=272,2000 picks the
 * sizes (default 272,2000,10000; 272 is the real site), BENCH_RUNS=3 repeats the real
 * site (median; bigger sites run once). It is heavy: on shared machines run it under
 * the suite lock, `flock /work/wt/suite.lock npx tsx bench/build.bench.ts`. BENCH_BIN=<checkout>/bin/paydocs.js
 * measures another checkout's CLI on the same sites (before/after figures).
 *
 * Targets (issue 11, 2 cores): real site cold ≤ 3.5 s; 2,000 pages ≤ 15 s and ≤ 1 GB;
 * cold CPU ≤ 1.5× the floor; warm ≤ 0.5 s of pipeline work and ≤ 10 % of cold; one
 * page changed ≤ 1 s. For comparison on the same machines (project brief): Docusaurus
 * 65 s (19.5 s Rspack), VitePress 28 s, Starlight 26 s for ~270 pages.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { generateSite } from './generate-site.ts';

const REAL_PAGES = 272;
const sizes = (process.env.BENCH_SIZES ?? `${REAL_PAGES},2000,10000`).split(',').map(Number);
const realRuns = Number(process.env.BENCH_RUNS ?? 3);
/** The CLI measured: this checkout's, or BENCH_BIN's (another checkout, for before/after figures). */
const bin = path.resolve(process.env.BENCH_BIN ?? 'bin/paydocs.js');
const tsx = path.join(import.meta.dirname, '../node_modules/.bin/tsx');

/**
 * Where a run's output and cache go instead of being deleted, until the bench ends. On a file
 * system that checks recently deleted inodes before reusing one (ext4 without a journal, as
 * here: the kernel's `recently_deleted`, ~5 minutes once their block is written to again), a
 * build creating files just after ~25,000 were deleted scans past them for every new file:
 * the cold 2,000-page build spent ~9 s of system time against ~3 s after moving the last
 * run's output aside (perf: `recently_deleted`, `find_get_block_common`). That is the bench's
 * own doing — a cold build on a fresh clone follows no mass deletion — so it is not charged to the build.
 */
const trash = mkdtempSync(path.join(tmpdir(), 'paydocs-build-bench-trash-'));
let discarded = 0;
const discard = (p: string) => {
  if (existsSync(p)) renameSync(p, path.join(trash, String(discarded++)));
};

interface Run {
  wall: number;
  cpu: number;
  rssMb: number;
  pipeline: number;
  steps: [string, number][];
  summary: string[];
  ok: boolean;
}

/** One command under /usr/bin/time: wall, user + system CPU of the process and its threads and children, peak RSS. */
function timed(cmd: string[], cwd: string) {
  const r = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %U %S %M', ...cmd], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const t = /__TIME__ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  return { r, wall: Number(t?.[1]), cpu: Number(t?.[2]) + Number(t?.[3]), rssMb: Number(t?.[4]) / 1024 };
}

function build(root: string): Run {
  const { r, ...time } = timed([process.execPath, bin, 'build'], root);
  const lines = r.stdout.split('\n');
  const steps = lines
    .map((l) => /^\s{2}(\S.*?)\s+(\d+) ms$/.exec(l))
    .filter((m) => m !== null)
    .map((m): [string, number] => [m[1], Number(m[2])]);
  const pipeline = Number(/pages in ([\d.]+) s/.exec(r.stdout)?.[1]);
  if (r.status !== 0)
    console.error(`  build failed (exit ${r.status}):\n${r.stdout.slice(-2000)}${r.stderr.slice(-2000)}`);
  return {
    ...time,
    pipeline,
    steps,
    summary: lines.filter((l) => /compiled ·/.test(l)).map((l) => l.trim()),
    ok: r.status === 0,
  };
}

const median = (list: Run[]) => [...list].sort((a, b) => a.wall - b.wall)[Math.floor(list.length / 2)];
const s = (x: number) => `${x.toFixed(2)} s`;
const line = (label: string, run: Run) =>
  `  ${label.padEnd(18)} wall ${s(run.wall).padStart(8)}  CPU ${s(run.cpu).padStart(8)}  ` +
  `peak RSS ${run.rssMb.toFixed(0).padStart(5)} MB  pipeline ${s(run.pipeline)}`;

console.log(
  `Build bench: sizes ${sizes.join(', ')} — load average (1 min) before: ` +
    `${loadavg()[0].toFixed(2)}; figures are only comparable on an idle machine`,
);
const results: { size: number; cold: Run; warm: Run; change: Run; floor: { cpu: number; wall: number } }[] = [];
for (const size of sizes) {
  const root = mkdtempSync(path.join(tmpdir(), `paydocs-build-bench-${size}-`));
  if (size <= REAL_PAGES)
    cpSync(path.join(import.meta.dirname, '../content'), path.join(root, 'content'), { recursive: true });
  else generateSite(root, size);
  const cache = path.join(root, 'node_modules/.cache/paydocs/stages');
  const floorRun = timed([tsx, path.join(import.meta.dirname, 'floor.ts'), path.join(root, 'content')], root);
  const floor = JSON.parse(floorRun.r.stdout.trim().split('\n').at(-1)!) as { cpu: number; wall: number };
  const runs = size <= REAL_PAGES ? realRuns : 1;
  const cold: Run[] = [],
    warm: Run[] = [],
    change: Run[] = [];
  for (let i = 0; i < runs; i++) {
    discard(cache);
    discard(path.join(root, 'dist'));
    cold.push(build(root));
    warm.push(build(root));
    appendFileSync(path.join(root, 'content/introduction.md'), `\nEdited by the build bench, run ${i}.\n`);
    change.push(build(root));
  }
  const r = { size, cold: median(cold), warm: median(warm), change: median(change), floor };
  results.push(r);
  console.log(
    `\n${size === REAL_PAGES ? 'real site' : 'generated site'}, ` +
      `${size} pages${runs > 1 ? ` (median of ${runs})` : ''}:`,
  );
  console.log(line('cold', r.cold));
  console.log(line('warm (no change)', r.warm) + `  = ${((100 * r.warm.wall) / r.cold.wall).toFixed(0)} % of cold`);
  console.log(line('one page changed', r.change));
  console.log(
    `  floor (unified + highlight.js, 1 thread): CPU ${s(floor.cpu)}; ` +
      `cold build CPU = ${(r.cold.cpu / floor.cpu).toFixed(2)}× floor`,
  );
  console.log(`  cold steps: ${r.cold.steps.map(([name, ms]) => `${name} ${ms}`).join(' · ')}`);
  console.log(`  one-change steps: ${r.change.steps.map(([name, ms]) => `${name} ${ms}`).join(' · ')}`);
  for (const l of [...r.cold.summary, ...r.change.summary]) console.log(`  ${l}`);
  discard(root);
}

if (results.length > 1) {
  console.log('\nGrowth (cold), from size to size:');
  for (let i = 1; i < results.length; i++) {
    const a = results[i - 1],
      b = results[i];
    console.log(
      `  ${a.size} → ${b.size} pages (×${(b.size / a.size).toFixed(2)}): wall ` +
        `×${(b.cold.wall / a.cold.wall).toFixed(2)}, CPU ×${(b.cold.cpu / a.cold.cpu).toFixed(2)}, peak RSS ` +
        `×${(b.cold.rssMb / a.cold.rssMb).toFixed(2)}, floor ×${(b.floor.cpu / a.floor.cpu).toFixed(2)}`,
    );
  }
}
rmSync(trash, { recursive: true, force: true });
