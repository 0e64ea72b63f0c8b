/**
 * The real site's build SIGKILLed at random moments: after each kill the previous
 * dist must be byte-identical (or, if the kill came after the swap, the new build
 * complete), and after the next build no temp folder may be left. Prints figures;
 * asserts nothing (the deterministic version is test/pipeline/killed-build.test.ts).
 * Run: npx tsx bench/killed-build.bench.ts [kills]
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { prepareOutDir } from '../pipeline/emit/out-dir.ts';
import { treeHash } from '../test/tree-hash.ts';

const kills = Number(process.argv[2] ?? 6);
const root = mkdtempSync(path.join(tmpdir(), 'paydocs-kill-bench-'));
cpSync(path.resolve('content'), path.join(root, 'content'), { recursive: true });
const bin = path.resolve('bin/paydocs.js');
const dist = path.join(root, 'dist');
const temps = () => readdirSync(root).filter((f) => f.startsWith('.dist-'));
const build = () => spawnSync(process.execPath, [bin, 'build'], { cwd: root, encoding: 'utf8' });

async function main() {
  console.log(`machine load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
  let t = performance.now();
  if (build().status !== 0) throw new Error('the first build failed');
  const full = performance.now() - t;
  console.log(`a full build takes ${(full / 1000).toFixed(1)} s; killing ${kills} builds at random moments in it`);
  let identical = 0;
  let swapped = 0;
  let damaged = 0;
  for (let i = 0; i < kills; i++) {
    const previous = treeHash(dist);
    appendFileSync(path.join(root, 'content/introduction.md'), `\nBuild ${i}.\n`);
    const at = full * (0.2 + 0.85 * Math.random());
    // In a process group of its own, killed whole: `paydocs build` runs the build in a child process (bin/arenas.mjs).
    const child = spawn(process.execPath, [bin, 'build'], { cwd: root, stdio: 'ignore', detached: true });
    t = performance.now();
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), at);
    await exited;
    clearTimeout(timer);
    const leftBehind = temps().length;
    // What the next build does first: a dist moved aside mid-swap is put back, dead builds' temp folders go.
    await prepareOutDir(root, dist);
    const now = treeHash(dist);
    const outcome =
      now === previous
        ? 'previous dist byte-identical'
        : existsSync(path.join(dist, '.paydocs-build')) && child.signalCode !== 'SIGKILL'
          ? 'build finished first'
          : 'new dist complete (killed after the swap)';
    if (now === previous) identical++;
    else if (existsSync(path.join(dist, '_data/manifest.json'))) swapped++;
    else damaged++;
    console.log(
      `  kill ${i + 1} at ${(at / 1000).toFixed(1)} s ` +
        `(${child.signalCode ?? 'exited'}): ${leftBehind} temp folder(s) left, ${outcome}`,
    );
  }
  const next = build();
  console.log(
    `\n${kills} kills: previous dist identical ${identical}, new dist complete ${swapped}, ` +
      `damaged ${damaged}; next build exit ${next.status}, temp folders after it: ${temps().length}`,
  );
}

await main().finally(() => rmSync(root, { recursive: true, force: true }));
