/** Last-updated dates of content files: one `git log` for all, else file mtimes. */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export async function lastUpdatedDates(root: string, files: string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  try {
    const { stdout } = await promisify(execFile)('git', ['log', '--format=%x00%cs', '--name-only', '--', 'content'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    let current = '';
    for (const line of stdout.split('\n')) {
      if (line.startsWith('\0')) current = line.slice(1);
      else if (line && current && !dates.has(line)) dates.set(line, current);
    }
  } catch { /* not a git checkout: mtimes below */ }
  await Promise.all(files.filter((f) => !dates.has(f)).map(async (f) => {
    try { dates.set(f, (await stat(path.join(root, f))).mtime.toISOString().slice(0, 10)); } catch { /* gone */ }
  }));
  return dates;
}
