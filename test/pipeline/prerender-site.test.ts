/**
 * The prerender stage (pipeline/emit/prerender-site.ts) hands each page's HTML to the writer
 * and holds no more than a bounded number rendered but not yet on disk: unbounded, the HTML
 * of thousands of pages waited in the main thread's heap behind the writer. HTML rendered
 * by a worker thread reaches the writer as bytes, never as a string on this thread's heap.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/build.ts';
import { prerenderSite } from '../../pipeline/emit/prerender-site.ts';
import { EXTRA_ROUTES } from '../../pipeline/emit/prerender.ts';
import { createStageMemo, memoryStore } from '../../pipeline/incremental/memo.ts';
import { diskStore } from '../../pipeline/incremental/pack-store.ts';
import { createPool } from '../../pipeline/workers/pool.ts';
import path from 'node:path';
import type { Bundle } from '../../pipeline/emit/bundle.ts';
import { fixtureCopy, fixtureRoot } from '../helpers.ts';
import { walkElements } from '../../pipeline/compile/walk.ts';
import { CHROME_IDS } from '../../schema/chrome-ids.ts';

const built = await buildSite({ root: fixtureRoot, cacheDir: false, pool: false });
const bundle = { appJs: 'assets/app.js', appCss: 'assets/app.css', themeJs: 'assets/theme.js' } as Bundle;

describe('prerender stage', () => {
  it('renders every route, with no more than the bound written at once', async () => {
    let writing = 0,
      most = 0;
    const written: string[] = [];
    const sink = {
      // The disk is slow: each file takes a few turns of the event loop.
      put: async (name: string) => {
        most = Math.max(most, ++writing);
        for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
        written.push(name);
        writing--;
      },
      kept: async () => false,
    };
    const rendered = await prerenderSite(
      built,
      bundle,
      sink,
      '/_data/manifest.json',
      createStageMemo(memoryStore(), 'test'),
      undefined,
      2,
    );
    const routes = built.pages.length + Object.keys(EXTRA_ROUTES).length;
    expect(rendered).toBe(routes);
    expect(new Set(written).size).toBe(routes);
    expect(most).toBe(2);
  });

  it('every id the chrome gives is in schema/chrome-ids.ts or holds a ":", so no heading can take it', async () => {
    const html = new Map<string, string>();
    await prerenderSite(
      built,
      bundle,
      {
        put: async (name, contents) => {
          html.set(name, String(contents));
        },
        kept: async () => false,
      },
      '/_data/manifest.json',
      createStageMemo(memoryStore(), 'test'),
    );
    const contentIds = new Set<string>();
    for (const page of built.compiled.values())
      walkElements(page.ast, (n) => {
        if (typeof n.properties.id === 'string') contentIds.add(n.properties.id);
      });
    const chrome = new Set(
      [...html.values()]
        .flatMap((h) => [...h.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))
        .filter((id) => !contentIds.has(id)),
    );
    expect(chrome.size).toBeGreaterThan(5);
    expect([...chrome].filter((id) => !CHROME_IDS.has(id) && !id.includes(':'))).toEqual([]);
  });

  it('HTML a worker rendered and kept in the disk memo reaches the writer as bytes: the HTML made here', async () => {
    const collect = (into: Map<string, string | Uint8Array>) => ({
      put: async (name: string, contents: string | Uint8Array) => {
        into.set(name, contents);
      },
      kept: async () => false,
    });
    // Enough pages that the stage hands them to the threads.
    const site = await fixtureCopy(
      Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [
          `content/notes/note-${i}.md`,
          `---\ntitle: Note ${i}\ndescription: A note about settlement batches, number ${i}.\n` +
            `keywords: [note]\n---\nSettlement batch ${i} closes at midnight UTC — café.\n`,
        ]),
      ),
    );
    const threaded = new Map<string, string | Uint8Array>();
    const here = new Map<string, string | Uint8Array>();
    const pool = createPool({ size: 2 });
    try {
      const many = await buildSite({ root: site.root, cacheDir: false, pool: false });
      await prerenderSite(
        many,
        bundle,
        collect(threaded),
        '/_data/manifest.json',
        createStageMemo(diskStore(path.join(site.root, 'cache')), 'test'),
        pool,
      );
      await prerenderSite(many, bundle, collect(here), '/_data/manifest.json', createStageMemo(memoryStore(), 'test'));
    } finally {
      await pool.close();
      await site.cleanup();
    }
    expect([...threaded.keys()].sort()).toEqual([...here.keys()].sort());
    for (const [name, html] of here) {
      const bytes = threaded.get(name);
      expect(bytes, name).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(bytes as Uint8Array).toString('utf8'), name).toBe(html);
    }
  }, 60_000);
});
