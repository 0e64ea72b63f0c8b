/**
 * The prerender stage (pipeline/emit/prerender-site.ts) hands each page's HTML to the writer
 * and holds no more than a bounded number rendered but not yet on disk: unbounded, the HTML
 * of thousands of pages waited in the main thread's heap behind the writer.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/build.ts';
import { prerenderSite } from '../../pipeline/emit/prerender-site.ts';
import { EXTRA_ROUTES } from '../../pipeline/emit/prerender.ts';
import { createStageMemo, memoryStore } from '../../pipeline/incremental/memo.ts';
import type { Bundle } from '../../pipeline/emit/bundle.ts';
import { fixtureRoot } from '../helpers.ts';

const built = await buildSite({ root: fixtureRoot, cacheDir: false, pool: false });
const bundle = { appJs: 'assets/app.js', appCss: 'assets/app.css', themeJs: 'assets/theme.js' } as Bundle;

describe('prerender stage', () => {
  it('renders every route, with no more than the bound written at once', async () => {
    let writing = 0, most = 0;
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
    const rendered = await prerenderSite(built, bundle, sink, '/_data/manifest.json', createStageMemo(memoryStore(), 'test'), undefined, 2);
    const routes = built.pages.length + Object.keys(EXTRA_ROUTES).length;
    expect(rendered).toBe(routes);
    expect(new Set(written).size).toBe(routes);
    expect(most).toBe(2);
  });
});
