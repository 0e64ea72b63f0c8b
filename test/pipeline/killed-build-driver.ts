/**
 * `paydocs build` on one thread, in the current folder, SIGKILLed at the write point named
 * by its argument (none: a whole build). Run by killed-build.test.ts in a process of its
 * own: the fault is injected through the write step's `atPoint` hook, as only a test does.
 */
import { build } from '../../pipeline/build.ts';
import type { WritePoint } from '../../pipeline/emit/write.ts';

const crashAt = process.argv[2] as WritePoint | undefined;
const atPoint = (point: WritePoint) => {
  if (point === crashAt) process.kill(process.pid, 'SIGKILL');
};
await build({ root: process.cwd(), threads: 0, write: { atPoint } });
