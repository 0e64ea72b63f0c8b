/**
 * The offline-reading stage (pipeline/emit/service-worker.ts) on a real fixture build:
 * what dist/sw.js is told to keep exists and covers the reader and the whole search
 * index, the offline shell boots this build's manifest, and every page JSON URL names
 * the sha256 of its bytes — the worker keeps a page only when they agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { offlineFiles } from '../../pipeline/emit/service-worker.ts';
import type { Manifest } from '../../schema/manifest.ts';
import { builtFixture } from '../helpers.ts';

let site: Awaited<ReturnType<typeof builtFixture>>;
let manifest: Manifest;
beforeAll(async () => {
  site = await builtFixture();
  manifest = JSON.parse(await readFile(path.join(site.dist, '_data/manifest.json'), 'utf8'));
}, 120_000);
afterAll(() => site?.cleanup());

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => `/${path.relative(site.dist, path.join(e.parentPath, e.name))}`);

describe('the service worker stage', () => {
  it('names the worker in the manifest and writes it with this build baked in', async () => {
    expect(manifest.serviceWorker).toBe('/sw.js');
    const sw = await readFile(path.join(site.dist, 'sw.js'), 'utf8');
    expect(sw).toContain(`"id":"${manifest.buildId}"`);
  });

  it('keeps every reader asset and the whole search index, files that exist', async () => {
    const sw = await readFile(path.join(site.dist, 'sw.js'), 'utf8');
    for (const file of [...files(path.join(site.dist, 'assets')), ...files(path.join(site.dist, '_data/search'))])
      expect(sw, file).toContain(`"${file}"`);
    for (const url of sw.match(/"\/(assets|_data\/search)\/[^"]+"/g)!)
      expect(existsSync(path.join(site.dist, JSON.parse(url))), url).toBe(true);
  });

  it("writes an offline shell that renders (not hydrates) on this build's manifest", async () => {
    const shell = await readFile(path.join(site.dist, '_data/offline/index.html'), 'utf8');
    expect(shell).toContain(`data-manifest="/_data/manifest.json?build=${manifest.buildId}"`);
    expect(shell).not.toContain('data-prerendered');
    expect(shell).toMatch(/<div id="root"[^>]*><\/div>/);
  });

  it('gives every page JSON URL the sha256 of its bytes (what the worker checks before keeping it)', async () => {
    for (const entry of Object.values(manifest.routes)) {
      const [file, query] = entry.data.split('?');
      const v = new URLSearchParams(query).get('v')!;
      expect(
        createHash('sha256')
          .update(await readFile(path.join(site.dist, file)))
          .digest('hex')
          .startsWith(v),
        file,
      ).toBe(true);
    }
  });

  it('changes the build id when the reader changes, though the content does not', async () => {
    const bundle = (appJs: string) => ({ files: [], appJs, appCss: 'assets/app.X.css', themeJs: 'assets/theme.X.js' });
    const input = { manifest: { ...manifest, buildId: 'content' }, searchFiles: [], publicFiles: [], minify: false };
    const [a, b] = await Promise.all([
      offlineFiles({ ...input, bundle: bundle('assets/app.A.js') }),
      offlineFiles({ ...input, bundle: bundle('assets/app.B.js') }),
    ]);
    expect(a.manifest.buildId).not.toBe(b.manifest.buildId);
    expect(a.build.id).toBe(a.manifest.buildId);
  });
});
