/**
 * Shared set-up of the reader's browser tests (test/browser/reader-*.test.ts): the fixture
 * build (the run's shared one, or an edited copy's) + one `paydocs serve` handler + one Chromium
 * per test file, and a helper that opens a page in a fresh context (Debian's chromium via playwright-core).
 */
import type http from 'node:http';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { build } from '../../pipeline/build.ts';
import { startStaticServer } from '../../pipeline/server/static.ts';
import { builtFixture, fixtureCopy, projectRoot, launchChromium } from '../helpers.ts';

export const screenshotDir = path.join(projectRoot, 'test-output/screenshots');

export interface OpenOptions extends BrowserContextOptions {
  width?: number;
  height?: number;
  /** Script run before any page script (e.g. to fake navigator.connection). */
  init?: string;
  /** Wait for hydration (default true). */
  hydrate?: boolean;
}

export interface ReaderSite {
  base: string;
  browser: Browser;
  /** A page in a fresh context; `errors` collects page errors and console errors. */
  open(url: string, options?: OpenOptions): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  close(): Promise<void>;
}

/**
 * The fixture site served and a Chromium: with no `edit`, the run's shared build of the fixture
 * (test/shared/), which the tests only read; with edits, a copy of it built for this file.
 */
export async function startReaderSite(edit: Record<string, string | null> = {}): Promise<ReaderSite> {
  const site = Object.keys(edit).length ? await editedSite(edit) : await builtFixture();
  let server: http.Server | undefined;
  let browser: Browser | undefined;
  try {
    server = await startStaticServer(site.dist, { port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  } catch (error) {
    server?.close();
    await site.cleanup();
    throw error;
  }
  mkdirSync(screenshotDir, { recursive: true });
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const b = browser;
  return {
    base,
    browser: b,
    async open(url, options = {}) {
      const { width = 1440, height = 900, init, hydrate = true, ...contextOptions } = options;
      const context = await b.newContext({ viewport: { width, height }, ...contextOptions });
      if (init) await context.addInitScript(init);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(base + url);
      if (hydrate) await page.waitForSelector('html[data-hydrated="true"]');
      return { page, context, errors };
    },
    async close() {
      await b.close();
      server?.close();
      await site.cleanup();
    },
  };
}

/** A fixture copy with `edit` applied, built for one test file. */
async function editedSite(edit: Record<string, string | null>) {
  const site = await fixtureCopy(edit);
  try {
    await build({ root: site.root, cacheDir: false });
  } catch (error) {
    await site.cleanup();
    throw error;
  }
  return { ...site, dist: path.join(site.root, 'dist') };
}

/**
 * axe-core on `page`, run in the page itself (axe.run). AxeBuilder's default runs it in parts and
 * finishes it in a blank page it opens and closes for every analysis, which is there for cross-origin
 * frames: the reader makes no frames and the sanitizer lets none through from content, so the rules
 * and results are the same, without a page opened per check (seconds in a file that checks twenty).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();
