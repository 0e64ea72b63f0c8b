/**
 * Stage (paydocs diff): an argument → a built folder. A folder is used as it is (read-build.ts
 * checks it is a build); a git ref is checked out in a temporary `git worktree` and its content
 * built there with the current code (the diff compares content, not two versions of paydocs),
 * then the worktree is removed. Anything else is a DiffInputError.
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DiffInputError } from './read-build.ts';

const run = promisify(execFile);

export interface BuiltSide {
  /** The built dist/ folder. */
  dir: string;
  /** Removes what was made for it (nothing for a folder given as it is). */
  cleanup: () => Promise<void>;
}

const git = (cwd: string, args: string[]) => run('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 });

/** The commit a ref names, or undefined when it names none (or `cwd` is no repository). */
async function commitOf(cwd: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith('-')) return undefined;
  try {
    return (await git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface SourceOptions {
  /** The project: where refs are resolved. */
  cwd: string;
  /** Builds a checked-out site: `(root, outDir) => …` (pipeline/build.ts `build`, injected by the CLI). */
  build: (root: string, outDir: string) => Promise<unknown>;
  log?: (line: string) => void;
}

export async function builtSide(arg: string, options: SourceOptions): Promise<BuiltSide> {
  const asFolder = path.resolve(options.cwd, arg);
  if (existsSync(asFolder) && statSync(asFolder).isDirectory()) return { dir: asFolder, cleanup: async () => {} };
  const commit = await commitOf(options.cwd, arg);
  if (!commit)
    throw new DiffInputError(
      `"${arg}" is neither a folder nor a git ref of ${options.cwd}`,
      'Give a built dist/ folder, or a branch, tag or commit of this repository (git fetch it first in CI).',
    );
  const temp = await mkdtemp(path.join(tmpdir(), 'paydocs-diff-'));
  const worktree = path.join(temp, 'site');
  const cleanup = async () => {
    await git(options.cwd, ['worktree', 'remove', '--force', worktree]).catch(() => {});
    await rm(temp, { recursive: true, force: true });
    await git(options.cwd, ['worktree', 'prune']).catch(() => {});
  };
  try {
    await git(options.cwd, ['worktree', 'add', '--detach', worktree, commit]);
    options.log?.(`building ${arg} (${commit.slice(0, 10)}) in a temporary worktree…`);
    const out = path.join(temp, 'dist');
    await options.build(worktree, out);
    return { dir: out, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
