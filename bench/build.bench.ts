/**
 * Build speed of the real site through the CLI, wall time and CPU time of the
 * whole process tree, with every step: cold (no cache), warm (nothing changed: the
 * stage memo and the dist already there) and one page changed. Prints figures;
 * asserts nothing. Run: npm run bench  (or npx tsx bench/build.bench.ts [runs])
 *
 * For comparison on the same 2-core machines (from the project brief): Docusaurus 65 s
 * (19.5 s Rspack), VitePress 28 s, Starlight 26 s; unified parse + highlight on one
 * thread ~4.4 s. Our targets: warm ≤ 10 % of cold; < 50 ms single-page rebuild in dev
 * (bench/dev-rebuild.bench.ts).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const root = mkdtempSync(path.join(tmpdir(), 'paydocs-build-bench-'));
cpSync(path.resolve('content'), path.join(root, 'content'), { recursive: true });
const bin = path.resolve('bin/paydocs.js');
const cache = path.join(path.resolve('node_modules/.cache/paydocs'), 'stages');

function once(label: string) {
  const r = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %U %S', process.execPath, bin, 'build'], { cwd: root, encoding: 'utf8' });
  const time = /__TIME__ ([\d.]+) ([\d.]+) ([\d.]+)/.exec(r.stderr);
  const steps = r.stdout.split('\n').filter((l) => /^\s{2}\S.*\s\d+ ms$/.test(l)).map((l) => l.trim().replace(/\s+/g, ' '));
  const summary = r.stdout.split('\n').filter((l) => /pages in|initial JS|compiled ·/.test(l)).map((l) => l.trim());
  return { label, wall: Number(time?.[1]), cpu: Number(time?.[2]) + Number(time?.[3]), steps, summary };
}

console.log(`machine load average (1 min) before: ${loadavg()[0].toFixed(2)} — figures are only comparable on an idle machine`);
const results = [];
for (let i = 0; i < runs; i++) {
  // Cold: no stage memo (the CLI bundle stays: it is rebuilt only when the code changes).
  rmSync(cache, { recursive: true, force: true });
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  results.push(once('cold'), once('warm (nothing changed)'));
  appendFileSync(path.join(root, 'content/introduction.md'), `\nEdited by the build bench, run ${i}.\n`);
  results.push(once('one page changed'));
}
for (const kind of ['cold', 'warm (nothing changed)', 'one page changed']) {
  const list = results.filter((r) => r.label === kind).sort((a, b) => a.wall - b.wall);
  const median = list[Math.floor(list.length / 2)];
  console.log(`\n${kind}: median wall ${median.wall.toFixed(2)} s, CPU ${median.cpu.toFixed(2)} s (runs: ${list.map((r) => r.wall.toFixed(2)).join(', ')})`);
  for (const s of median.steps) console.log(`  ${s}`);
  for (const s of median.summary) console.log(`  ${s}`);
}
rmSync(root, { recursive: true, force: true });
