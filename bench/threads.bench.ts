/**
 * Where a cold build's CPU goes, by OS thread: runs `paydocs build` cold and reads every
 * thread's CPU time (utime + stime, /proc/<pid>/task/<tid>/stat; Linux only) every 50 ms
 * until it ends, then prints each thread's last reading in the order the threads started.
 * A CPU profile cannot show this: it samples JavaScript threads only, and a thread's
 * samples count while it waits for a core. How to read the list: the main thread comes
 * first; the four threads Node starts with it are V8's platform pool (garbage collection
 * and the optimizing compiler for every isolate); libuv's pool (file writes, compression)
 * starts on the first file operation; then the two build workers and D2's thread, each
 * with a CPU time like the work it did. This found V8's background compiling at ~3.8 s of
 * a ~16 s build (bin/paydocs.js, the interrupt budget). A thread's last 50 ms may be
 * missed. Prints figures; asserts nothing.
 * Run: npx tsx bench/threads.bench.ts   (BENCH_SIZE=2000 for a generated site)
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSite } from './generate-site.ts';

const size = Number(process.env.BENCH_SIZE ?? 272);
const bin = path.resolve(process.env.BENCH_BIN ?? 'bin/paydocs.js');
const root = mkdtempSync(path.join(tmpdir(), 'paydocs-threads-'));
if (size <= 272) cpSync(path.join(import.meta.dirname, '../content'), path.join(root, 'content'), { recursive: true });
else generateSite(root, size);

/** CPU seconds of one thread: fields 14 and 15 of its stat line (after the name in parentheses), in clock ticks. */
function cpuOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// MALLOC_ARENA_MAX set: the build runs in this process, not in a child
// with two arenas (bin/arenas.mjs), whose threads this would not see.
const child = spawn(process.execPath, [bin, 'build'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, MALLOC_ARENA_MAX: '2' },
});
let output = '';
child.stdout.on('data', (d) => {
  output += d;
});
child.stderr.on('data', (d) => {
  output += d;
});
const last = new Map<number, number>();
const poll = setInterval(() => {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${child.pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      last.set(Number(tid), cpuOf(readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      /* ended */
    }
  }
}, 50);
const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
clearInterval(poll);
rmSync(root, { recursive: true, force: true });
if (code !== 0) {
  console.error(`build failed (exit ${code}):\n${output.slice(-2000)}`);
  process.exit(1);
}

const threads = [...last].sort((a, b) => a[0] - b[0]);
const total = threads.reduce((n, [, s]) => n + s, 0);
console.log(`Cold build of ${size} pages: ${output.match(/✓ .*/)?.[0] ?? ''}`);
console.log(`CPU by thread, in the order they started (${threads.length} threads, ${total.toFixed(2)} s in all):`);
for (const [tid, seconds] of threads) {
  if (seconds < 0.01) continue;
  console.log(
    `  ${tid === child.pid ? 'main' : `+${tid - child.pid!}`.padStart(4)}  ${seconds.toFixed(2).padStart(6)} s`,
  );
}
