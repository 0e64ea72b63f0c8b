/**
 * A change to the code is reflected by the next `paydocs build`: the CLI bundle and
 * every cached stage key on one code hash taken from the bundle's real inputs, so a
 * sample printer (pipeline/generate/samples/, a subfolder), a reader component or a
 * schema edit is never served stale. Runs the real CLI in a copy of the project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtureRoot, projectRoot } from '../helpers.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'paydocs-code-'));
  for (const dir of ['bin', 'pipeline', 'schema', 'reader']) await cp(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json']) await cp(path.join(projectRoot, file), path.join(root, file));
  await cp(path.join(fixtureRoot, 'content'), path.join(root, 'content'), { recursive: true });
  // The dependencies are shared, the cache (node_modules/.cache) is the copy's own.
  await mkdir(path.join(root, 'node_modules'));
  for (const name of await readdir(path.join(projectRoot, 'node_modules'))) {
    if (name !== '.cache') await symlink(path.join(projectRoot, 'node_modules', name), path.join(root, 'node_modules', name));
  }
}, 120_000);
afterAll(async () => { if (root) await rm(root, { recursive: true, force: true }); });

const build = () => {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/paydocs.js'), 'build'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
async function edit(file: string, from: string, to: string) {
  const text = await readFile(path.join(root, file), 'utf8');
  expect(text, `${file} still contains ${from}`).toContain(from);
  await writeFile(path.join(root, file), text.replace(from, to));
}
const dist = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');

describe('a code change reaches the next build', () => {
  it('sample printer, reader component and schema edits each take effect', async () => {
    expect(build().code).toBe(0);
    const sample = async () => (await dist('_data/pages/api/v2/transaction/create.json')).includes('# edited-by-test');
    expect(await sample()).toBe(false);

    await edit('pipeline/generate/samples/python.ts', "'import requests', ''", "'import requests', '# edited-by-test', ''");
    expect(build().code).toBe(0);
    expect(await sample()).toBe(true);

    await edit('reader/shell/chrome.tsx', 'className="footer-copyright"', 'className="footer-copyright edited-by-test"');
    expect(build().code).toBe(0);
    expect((await dist('introduction/index.html')).includes('footer-copyright edited-by-test')).toBe(true);

    await edit('schema/site-config.ts', 'title: z.string().min(1),', 'title: z.string().min(1).max(3),');
    const failed = build();
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/content\/site\.yaml:\d+ error title/);
  }, 300_000);
});
