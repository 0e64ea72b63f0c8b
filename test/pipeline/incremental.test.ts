/**
 * The incremental builder: `build` twice in a row does nothing the second time;
 * one page changed re-does that page (and what shows it); a data file change
 * reaches the pages drawn from it. Counts come from the stage memo, on disk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { diskStore } from '../../pipeline/incremental/pack-store.ts';
import { fixtureCopy } from '../helpers.ts';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
let options: BuildOptions;
beforeAll(async () => {
  site = await fixtureCopy();
  options = { root: site.root, cacheDir: path.join(site.root, 'cache'), pool: false };
});
afterAll(async () => {
  await site?.cleanup();
});

const dist = (file: string) => readFile(path.join(site.root, 'dist', file), 'utf8');
/** The build's disk memo, opened as the next build will open it. */
const cache = () => diskStore(options.cacheDir as string);
async function edit(file: string, change: (text: string) => string) {
  const full = path.join(site.root, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
}

describe('incremental build', () => {
  it('a second build with nothing changed recompiles, re-renders and re-indexes nothing', async () => {
    const cold = await build(options);
    expect(cold).toMatchObject({ pages: 8, compiled: 8, rendered: 10, twins: 8, fromCache: 0, upToDate: false });
    expect(cold.shardsRebuilt).toBeGreaterThan(0);
    const warm = await build(options);
    expect(warm).toMatchObject({ pages: 8, compiled: 0, rendered: 0, shardsRebuilt: 0, fromCache: 8, upToDate: true });
    expect(warm.initialJsGzip).toBe(cold.initialJsGzip);
  });

  it('a reader bundle file changed (a stylesheet the pipeline does not import): not "up to date"', async () => {
    // The kept bundle lists the files it was made of; one of them "changed" (here: is gone).
    const store = cache();
    const [key] = store.keys!('reader-bundle');
    const kept = store.get('reader-bundle', key) as { inputs: string[] };
    expect(kept.inputs).toContain('reader/styles/index.css');
    store.set('reader-bundle', key, { ...kept, inputs: [...kept.inputs, 'reader/styles/gone.css'] });
    const stats = await build(options);
    expect(stats).toMatchObject({ compiled: 0, upToDate: false });
    expect((await build(options)).upToDate).toBe(true);
  });

  it('a page body changed: that page is compiled and rendered again, and its search context re-indexed', async () => {
    const inode = async (file: string) => (await stat(path.join(site.root, 'dist', file))).ino;
    const before = {
      same: await inode('reference/transaction_statuses/index.html'),
      changed: await inode('introduction/index.html'),
    };
    await edit('content/introduction.md', (t) => `${t}\nA new sentence about Qwertzuiop.\n`);
    const stats = await build(options);
    expect(stats).toMatchObject({ compiled: 1, rendered: 1, twins: 1, fromCache: 7, upToDate: false });
    // Shards are named by their content: the changed words' shards are new files, the rest linked.
    expect(stats.shardsRebuilt).toBeGreaterThan(0);
    expect(await dist('introduction/index.html')).toContain('Qwertzuiop');
    expect(await dist('introduction.md')).toContain('Qwertzuiop');
    // Unchanged files are linked from the previous dist, not written again; changed ones are new files.
    expect(await inode('reference/transaction_statuses/index.html')).toBe(before.same);
    expect(await inode('introduction/index.html')).not.toBe(before.changed);
    // The old version's results are pruned: the cache holds one compiled page per page.
    expect(cache().keys!('compile')).toHaveLength(8);
    expect(cache().keys!('prerender').length).toBeLessThanOrEqual(10);
  });

  it("one page changed reads no other page's tree or page JSON: kept summaries, hashes, dist suffice", async () => {
    const store = cache();
    const saved = ['compile', 'page-json'].flatMap((stage) =>
      store.keys!(stage).map((key) => [stage, key, store.get(stage, key)] as const),
    );
    // Values nobody may read: a build that read a compiled tree would assemble a page from a
    // string; one that read a page JSON (its text or its printed parts) fails, the value lost.
    for (const [stage, key] of saved) store.set(stage, key, stage === 'page-json' ? null : 'not a compiled page');
    try {
      await edit('content/introduction.md', (t) => `${t}\nAnother sentence about Asdfghjkl.\n`);
      const stats = await build(options);
      expect(stats).toMatchObject({ compiled: 1, rendered: 1, fromCache: 7, upToDate: false });
      expect(await dist('introduction/index.html')).toContain('Asdfghjkl');
      expect(await dist('reference/transaction_statuses/index.html')).toContain('<table');
      expect(JSON.parse(await dist('_data/pages/reference/transaction_statuses.json'))).toMatchObject({
        route: '/reference/transaction_statuses',
      });
    } finally {
      // The later tests need the real values back (the edited page's old ones were pruned).
      const after = cache();
      for (const [stage, key, value] of saved) if (after.keys!(stage).includes(key)) after.set(stage, key, value);
    }
  });

  it('a page title changed: every page showing it (sidebar, neighbours) is rendered again', async () => {
    await edit('content/introduction.md', (t) => t.replace(/^title: .*$/m, 'title: Getting started'));
    const stats = await build(options);
    expect(stats).toMatchObject({ compiled: 1, rendered: 10 });
    expect(await dist('index.html')).toContain('Getting started');
    // Its neighbours' page JSON names it as their previous or next page: made again, not kept.
    const pageJson = readdirSync(path.join(site.root, 'dist/_data/pages'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((f) => f.endsWith('.json'));
    const naming = [];
    for (const f of pageJson) if ((await dist(`_data/pages/${f}`)).includes('Getting started')) naming.push(f);
    expect(naming.length).toBeGreaterThanOrEqual(2);
  });

  it('a data file changed: the pages drawn from it are rebuilt with the new rows', async () => {
    await edit('content/data/transaction_statuses.yaml', (t) => t.replace('label: Created', 'label: Freshly created'));
    const stats = await build(options);
    expect(stats.compiled).toBeGreaterThan(0);
    expect(await dist('reference/transaction_statuses/index.html')).toContain('Freshly created');
  });

  it('an error row changed: API pages print the new words (HTML, twin, rows file), page JSON unchanged', async () => {
    const json = await dist('_data/pages/api/v2/transaction/create.json');
    await edit('content/data/api_error_codes.yaml', (t) =>
      t.replace(
        'description: "The signature does not match the request."',
        'description: "The signature does not match the request body as sent."',
      ),
    );
    await build(options);
    expect(await dist('_data/pages/api/v2/transaction/create.json')).toBe(json);
    expect(await dist('api/v2/transaction/create/index.html')).toContain('does not match the request body as sent');
    expect(await dist('api/v2/transaction/create.md')).toContain('does not match the request body as sent');
    const { apiErrors } = JSON.parse(await dist('_data/manifest.json')) as { apiErrors: string };
    expect(await dist(apiErrors.slice(1))).toContain('does not match the request body as sent');
  });
});
