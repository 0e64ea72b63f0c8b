/**
 * A copy of the paydocs project (its code, with the fixture site as content) in a
 * temp folder, for tests that edit the code itself: the real sources stay untouched.
 * The dependencies are shared through symlinks; node_modules/.cache is the copy's own.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtureRoot, projectRoot } from './helpers.ts';

export async function projectCopy(): Promise<{
  root: string;
  edit: (file: string, from: string, to: string) => Promise<void>;
  cleanup: () => Promise<void>;
}> {
  const root = await mkdtemp(path.join(tmpdir(), 'paydocs-code-'));
  for (const dir of ['bin', 'pipeline', 'schema', 'search', 'reader'])
    await cp(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
  for (const file of await readdir(projectRoot))
    if (/^(package(-lock)?|tsconfig.*)\.json$/.test(file))
      await cp(path.join(projectRoot, file), path.join(root, file));
  await cp(path.join(fixtureRoot, 'content'), path.join(root, 'content'), { recursive: true });
  await mkdir(path.join(root, 'node_modules'));
  for (const name of await readdir(path.join(projectRoot, 'node_modules'))) {
    if (name !== '.cache')
      await symlink(path.join(projectRoot, 'node_modules', name), path.join(root, 'node_modules', name));
  }
  return {
    root,
    /** Replace `from` (which must be there) with `to` in a file of the copy. */
    async edit(file, from, to) {
      const text = await readFile(path.join(root, file), 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}: update the test`);
      await writeFile(path.join(root, file), text.replace(from, to));
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
