/**
 * Stage: last-updated dates of content files. A committed file: the date of its
 * last commit (one `git log` for all). A file with uncommitted changes, or outside
 * git: its modification time — so a page saved now was updated today, in `build`
 * and `dev` alike.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const git = (root: string, args: string[]) =>
  promisify(execFile)('git', args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => r.stdout,
    () => undefined,
  );

export async function lastUpdatedDates(root: string, files: string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  // Paths in git's output are relative to the repository's top, which may be above root.
  const [log, status, prefix] = await Promise.all([
    git(root, ['log', '--format=%x00%cs', '--name-only', '--', 'content']),
    git(root, ['status', '--porcelain', '--no-renames', '-z', '--', 'content']),
    git(root, ['rev-parse', '--show-prefix']),
  ]);
  const top = prefix?.trim() ?? '';
  const rel = (p: string) => (top && p.startsWith(top) ? p.slice(top.length) : p);
  let current = '';
  for (const line of (log ?? '').split('\n')) {
    if (line.startsWith('\0')) current = line.slice(1);
    else if (line && current && !dates.has(rel(line))) dates.set(rel(line), current);
  }
  for (const entry of (status ?? '').split('\0')) if (entry.length > 3) dates.delete(rel(entry.slice(3)));
  await Promise.all(
    files
      .filter((f) => !dates.has(f))
      .map(async (f) => {
        try {
          dates.set(f, (await stat(path.join(root, f))).mtime.toISOString().slice(0, 10));
        } catch {
          /* gone */
        }
      }),
  );
  return dates;
}

/**
 * `dates` after `files` were saved (dev): a saved file has uncommitted changes, so its
 * date is its modification time — the rule above, without running git on every save.
 */
export async function datesAfterSave(
  root: string,
  dates: Map<string, string>,
  files: string[],
): Promise<Map<string, string>> {
  const next = new Map(dates);
  await Promise.all(
    files.map(async (f) => {
      try {
        next.set(f, (await stat(path.join(root, f))).mtime.toISOString().slice(0, 10));
      } catch {
        next.delete(f);
      }
    }),
  );
  return next;
}
