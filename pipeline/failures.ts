/**
 * What the CLI says when something other than the content stops a command. The machine
 * (no permission, a full disk, too many open files) gets one line with what to do; anything
 * else is a paydocs bug, said in a line too: its stack trace only with PAYDOCS_DEBUG=1.
 */
import path from 'node:path';

const PERMISSION = 'Check the owner and permissions of that folder, or build somewhere else with --out.';
const HINTS: Record<string, string> = {
  EACCES: PERMISSION,
  EPERM: PERMISSION,
  EROFS: 'The file system is read-only: build somewhere else with --out.',
  ENOSPC: 'Free some disk space: a build needs room for a second dist/ while it swaps the new one in.',
  EDQUOT: 'Your disk quota is used up: free some space.',
  ENOTDIR: 'A file stands where that path needs a folder: move it, or choose another path.',
  EMFILE: 'Raise the limit of open files (ulimit -n 4096) and run it again.',
  ENFILE: 'The system has too many open files: close some programs and run it again.',
};

/** A Node system error: what it was doing (`syscall`), to which file, and why (`code`). */
interface SystemError extends Error {
  code: string;
  syscall: string;
  path?: string;
}
const isSystemError = (error: unknown): error is SystemError =>
  error instanceof Error &&
  typeof (error as SystemError).code === 'string' &&
  typeof (error as SystemError).syscall === 'string';

/** The failure in words: a line, and what to do about it. `debug` (the CLI: PAYDOCS_DEBUG=1): a bug's stack too. */
export function describeFailure(error: unknown, root: string, { debug = false } = {}): { line: string; hint: string } {
  if (isSystemError(error)) {
    // Node's message: "EPERM: operation not permitted, mkdir '/x'", or "listen EINVAL: invalid argument ::1:80".
    const why = /^(?:\w+ )?[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
    const where = error.path ? ` ${path.relative(root, error.path) || '.'}` : '';
    return {
      line: `Cannot ${error.syscall}${where}: ${why} (${error.code})`,
      hint: HINTS[error.code] ?? 'Fix what the line names and run it again.',
    };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (debug)
    return {
      line: `paydocs stopped on an unexpected error (a paydocs bug): ${error instanceof Error ? error.stack : message}`,
      hint: 'Report it with this output.',
    };
  return {
    line: `paydocs stopped on an unexpected error (a paydocs bug): ${message}`,
    hint: 'Report it with this line; run again with PAYDOCS_DEBUG=1 to see where it happened.',
  };
}
