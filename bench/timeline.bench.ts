/**
 * Where a cold build waits: runs `paydocs build` cold under V8's CPU profiler (one
 * profile per thread: the main thread, the worker threads, D2's thread) and prints, per
 * half second of the build, how busy each thread was, then each thread's busiest
 * functions. A thread sitting idle while another works alone is time the build could
 * win back: this found the workers waiting on the main thread (which could not hand out
 * tasks while it indexed) and on D2 at the end of the compile. Profiling slows the build
 * ~10 %, and a thread's samples count while it waits for a core; read the shape, not the
 * seconds. Prints figures; asserts nothing.
 * Run: npx tsx bench/timeline.bench.ts   (BENCH_SIZE=2000 for a generated site)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSite } from './generate-site.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const BUCKET_US = 500_000;
/** Samples of a thread that is waiting, not working. */
const WAITING = new Set(['(idle)', 'atomicsWaitLoop']);

const size = Number(process.env.BENCH_SIZE ?? 272);
const bin = path.resolve(process.env.BENCH_BIN ?? 'bin/paydocs.js');
const root = mkdtempSync(path.join(tmpdir(), 'paydocs-timeline-'));
if (size <= 272) cpSync(path.join(import.meta.dirname, '../content'), path.join(root, 'content'), { recursive: true });
else generateSite(root, size);
const profiles = path.join(root, 'profiles');
const run = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, bin, 'build'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 1 << 26,
});
if (run.status !== 0) {
  console.error(`build failed (exit ${run.status}):\n${run.stdout.slice(-2000)}${run.stderr.slice(-2000)}`);
  process.exit(1);
}

const threads = readdirSync(profiles)
  .sort()
  .map((file) => {
    const profile = JSON.parse(readFileSync(path.join(profiles, file), 'utf8')) as Profile;
    // CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile: thread 0 is the main thread.
    const threadId = Number(file.split('.').at(-3));
    const frames = profile.nodes.map((n) => n.callFrame);
    const name =
      threadId === 0
        ? 'main'
        : frames.some((f) => f.url.includes('piscina/dist/worker'))
          ? 'worker'
          : frames.some((f) => f.functionName.startsWith('wasm-function'))
            ? 'D2'
            : 'thread';
    return { name, profile };
  });
const t0 = Math.min(...threads.map((t) => t.profile.startTime));
const end = Math.max(...threads.map((t) => t.profile.endTime));

/** Per thread: busy microseconds per bucket, and busy microseconds per function (self). */
const usage = threads.map(({ name, profile }) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const busy = new Array<number>(Math.ceil((end - t0) / BUCKET_US)).fill(0);
  const self = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    const spent = profile.timeDeltas[i + 1] ?? 0;
    const frame = byId.get(id)!.callFrame;
    if (WAITING.has(frame.functionName)) return;
    busy[Math.floor((at - t0) / BUCKET_US)] += spent;
    const script = frame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\//, '');
    const where = `${frame.functionName || '(anonymous)'} ${script}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(where, (self.get(where) ?? 0) + spent);
  });
  return { name, busy, self };
});

console.log(`Cold build of ${size} pages under the CPU profiler: ${run.stdout.match(/✓.*$/m)?.[0] ?? ''}`);
console.log(`\nbusy per ${BUCKET_US / 1e6} s (100 % = the thread worked the whole slice)\n`);
console.log(`${'at'.padStart(6)}  ${usage.map((u) => u.name.padStart(7)).join(' ')}`);
for (let b = 0; b < usage[0].busy.length; b++) {
  console.log(
    `${((b * BUCKET_US) / 1e6).toFixed(1).padStart(5)}s  ` +
      usage.map((u) => `${Math.round((100 * u.busy[b]) / BUCKET_US)}%`.padStart(7)).join(' '),
  );
}
for (const u of usage) {
  const total = u.busy.reduce((n, x) => n + x, 0);
  const top = [...u.self].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`\n${u.name}: busy ${(total / 1e6).toFixed(2)} s; busiest functions (self):`);
  for (const [where, us] of top) console.log(`  ${(us / 1e3).toFixed(0).padStart(6)} ms  ${where}`);
}
rmSync(root, { recursive: true, force: true });
