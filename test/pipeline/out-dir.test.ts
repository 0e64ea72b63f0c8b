/** `paydocs build --out` never deletes a folder that is not its own earlier output. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../pipeline/build.ts';
import { BuildError } from '../../pipeline/diagnostics.ts';
import { cleanStaleTemps } from '../../pipeline/emit/out-dir.ts';
import { fixtureCopy, projectRoot } from '../helpers.ts';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  site = await fixtureCopy();
});
afterAll(async () => {
  await site?.cleanup();
});

const refused = async (outDir: string) => {
  const error = await build({ root: site.root, outDir, cacheDir: false, pool: false }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BuildError);
  const [d] = (error as BuildError).diagnostics;
  expect(d.rule).toBe('out-dir');
  expect(d.message).toMatch(/^Expected .+, found .+/);
  expect(d.hint).toBeTruthy();
  return d;
};

describe('paydocs build --out', () => {
  it('refuses the project root and exits 1 with a named error, deleting nothing', () => {
    const r = spawnSync(process.execPath, [path.join(projectRoot, 'bin/paydocs.js'), 'build', '--out', '.'], {
      cwd: site.root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', PAYDOCS_THREADS: '0' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Expected an output folder of its own, found the project root\. \[out-dir\]/);
    expect(existsSync(path.join(site.root, 'content/site.yaml'))).toBe(true);
  });

  it('refuses a folder that contains the project, or one inside content/', async () => {
    expect((await refused('..')).message).toMatch(/found a folder that contains the project/);
    expect((await refused('content/site')).message).toMatch(/inside the sources/);
    expect(existsSync(path.join(site.root, 'content/site'))).toBe(false);
  });

  it('refuses a non-empty folder that is not an earlier build, and a folder holding a project', async () => {
    await mkdir(path.join(site.root, 'docs'));
    await writeFile(path.join(site.root, 'docs/guide.md'), '# Mine\n');
    expect((await refused('docs')).message).toMatch(/found 1 entry of something else \(guide\.md\)/);
    expect(await readFile(path.join(site.root, 'docs/guide.md'), 'utf8')).toBe('# Mine\n');
    await mkdir(path.join(site.root, 'other/content'), { recursive: true });
    expect((await refused('other')).message).toMatch(/holding a project \(content\)/);
    await writeFile(path.join(site.root, 'afile'), 'x');
    expect((await refused('afile')).message).toMatch(/Expected a folder, found a file/);
  });

  it('builds into an empty folder, marks it, and replaces its own earlier build', async () => {
    await mkdir(path.join(site.root, 'out'));
    await build({ root: site.root, outDir: 'out', cacheDir: false, pool: false });
    expect(existsSync(path.join(site.root, 'out/.paydocs-build'))).toBe(true);
    await writeFile(path.join(site.root, 'out/stale.txt'), 'left by the previous build');
    await build({ root: site.root, outDir: 'out', cacheDir: false, pool: false });
    expect(existsSync(path.join(site.root, 'out/stale.txt'))).toBe(false);
    // A build from before the marker existed is still recognised as one.
    await rm(path.join(site.root, 'out/.paydocs-build'));
    await build({ root: site.root, outDir: 'out', cacheDir: false, pool: false });
    expect(existsSync(path.join(site.root, 'out/.paydocs-build'))).toBe(true);
  });

  it('removes temp folders of builds that died, never those of a build still running', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout.trim());
    for (const name of [`.dist-new-${deadPid}-1`, `.dist-old-${deadPid}-1`, `.dist-new-${process.pid}-2`])
      await mkdir(path.join(site.root, name, 'assets'), { recursive: true });
    await cleanStaleTemps(path.join(site.root, 'dist'));
    expect(existsSync(path.join(site.root, `.dist-new-${deadPid}-1`))).toBe(false);
    // With no dist, a dead build's moved-aside dist is the previous output: it is put back.
    expect(existsSync(path.join(site.root, `.dist-old-${deadPid}-1`))).toBe(false);
    expect(existsSync(path.join(site.root, 'dist/assets'))).toBe(true);
    expect(existsSync(path.join(site.root, `.dist-new-${process.pid}-2`))).toBe(true);
  });
});
