/**
 * glibc gives every thread that allocates a malloc arena of its own, up to eight per core, and
 * memory freed into an arena stays with it. A build's threads (this one, the two workers,
 * libuv's four, V8's four) held much of a 2,000-page build's peak RSS in some twenty arenas;
 * with two arenas the same builds peaked lower at the same CPU (measured: bench/HISTORY.md,
 * malloc arenas). glibc reads MALLOC_ARENA_MAX only when a process starts, so `paydocs build`
 * runs again in a child process that has it, for a little process start per build.
 * MALLOC_ARENA_MAX set by the caller (any value) is left as it is, with no second process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** Set in the child: it was started by runWithFewerArenas, over an IPC channel. */
const CHILD = 'PAYDOCS_ARENAS_CHILD';

/** Whether this run should be a child with two arenas: a build, on Linux, not set already. */
export const wantsFewerArenas = (args, env = process.env, platform = process.platform) =>
  platform === 'linux' && args[0] === 'build' && env.MALLOC_ARENA_MAX === undefined;

/** Runs this command again with two arenas and ends as the child ended (its code, or its signal). */
export async function runWithFewerArenas() {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2', [CHILD]: '1' },
  });
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  const [code, signal] = await once(child, 'exit');
  for (const s of FORWARDED) process.off(s, forward);
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
}

/** In that child: the build stops if the process that started it dies, even by SIGKILL (the IPC channel closes). */
export function stopWithParent() {
  if (process.env[CHILD] !== '1') return;
  // Gone already (the channel closed while this module loaded): the event has fired.
  if (!process.connected) process.exit(1);
  process.channel.unref();
  process.on('disconnect', () => process.exit(1));
}
