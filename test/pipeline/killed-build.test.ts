/**
 * A build SIGKILLed at any point of its write leaves the previous dist byte-identical
 * (or, killed after the swap, the complete new one), and the next build leaves no temp
 * folder behind. Kill points are injected deterministically, through the write step's `atPoint`
 * hook (emit/write.ts), by a driver that builds as the CLI does (killed-build-driver.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureCopy, projectRoot } from '../helpers.ts';
import { prepareOutDir } from '../../pipeline/emit/out-dir.ts';
import { treeHash } from '../tree-hash.ts';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  site = await fixtureCopy();
});
afterAll(async () => {
  await site?.cleanup();
});

const driver = path.join(projectRoot, 'test/pipeline/killed-build-driver.ts');
// The TypeScript loader by its path: the site's folder has no node_modules to find it from.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const paydocsBuild = (crashAt?: string) =>
  spawnSync(process.execPath, ['--import', tsx, driver, ...(crashAt ? [crashAt] : [])], {
    cwd: site.root,
    encoding: 'utf8',
    // tsx applies a tsconfig (JSX) only to the files under it, unless it is named.
    env: { ...process.env, NO_COLOR: '1', TSX_TSCONFIG_PATH: path.join(projectRoot, 'tsconfig.json') },
  });

const distHash = () => treeHash(path.join(site.root, 'dist'));
const temps = () => readdirSync(site.root).filter((f) => f.startsWith('.dist-'));

describe('a killed build', () => {
  it('never damages the previous dist, and the next build removes its temp folders', async () => {
    expect(paydocsBuild().status).toBe(0);
    for (const point of ['writing', 'written', 'moved-aside']) {
      const previous = distHash();
      // Each attempt builds something different, so a partial swap would show.
      await appendFile(path.join(site.root, 'content/introduction.md'), `\nKilled at ${point}.\n`);
      const killed = paydocsBuild(point);
      expect(killed.signal, point).toBe('SIGKILL');
      expect(temps().length, point).toBeGreaterThan(0);
      // The next build's first step: a dist moved aside mid-swap is put back.
      await prepareOutDir(site.root, path.join(site.root, 'dist'));
      expect(distHash(), point).toBe(previous);
      expect(temps(), point).toEqual([]);
    }
    // Killed after the swap: the new dist is complete, only the old one is left over.
    await appendFile(path.join(site.root, 'content/introduction.md'), '\nKilled after the swap.\n');
    expect(paydocsBuild('swapped').signal).toBe('SIGKILL');
    const swapped = distHash();
    expect(readFileSync(path.join(site.root, 'dist/introduction/index.html'), 'utf8')).toContain(
      'Killed after the swap.',
    );
    expect(paydocsBuild().status).toBe(0);
    expect(distHash()).toBe(swapped);
    expect(temps()).toEqual([]);
  }, 300_000);
});
