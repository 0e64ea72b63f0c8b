/**
 * Offline reading and the helpful 404, in real Chromium (Debian's package through
 * playwright-core) against the fixture site built by the pipeline and served by
 * `paydocs serve`'s handler: the service worker (dist/sw.js) keeps what a reader
 * opened; with the network off (context.setOffline) visited pages reload and
 * navigate, search answers, an unvisited page says it is offline with a Retry, and a
 * file (a Markdown twin) gets the browser's offline error rather than "not found";
 * a new build reaches open tabs as an "Updated — reload" notice, with one build's
 * cache left. The not-found page suggests pages for the words of its address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type http from 'node:http';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { build } from '../../pipeline/build.ts';
import { startStaticServer } from '../../pipeline/server/static.ts';
import { startDevServer } from '../../pipeline/server/dev.ts';
import { fixtureCopy, launchChromium, projectRoot } from '../helpers.ts';
import { TEXT } from '../../reader/lib/constants.ts';
import { NOT_FOUND_SUGGESTIONS_ID } from '../../schema/chrome-ids.ts';

const shots = path.join(projectRoot, 'test-output/screenshots');

/** An API v1 twin of the fixture's v2 create page, for the 404 suggestions. */
async function v1Create(): Promise<string> {
  const v2 = await readFile(path.join(projectRoot, 'test/fixtures/site/content/api/v2/transaction/create.md'), 'utf8');
  return (
    v2
      .replace('title: Create a transaction', 'title: Create a transaction (API v1)')
      .replace('path: /v2/transaction/create', 'path: /v1/transaction/create')
      .replace('version: v2', 'version: v1')
      // v1 fields are flat (rule shared-request), and a v1 answer has no `data` envelope.
      .replace(/ {4}- name: customer\n(?: {6}.*\n)+? {8}- \{ name: email, (.*)\n/, '    - { name: customer_email, $1\n')
      .replace(
        'response: { success: true, data: { transaction_id: tr_01HV6ZK3N4C8W9, status: created } }',
        'response: { result: success, transaction_id: tr_01HV6ZK3N4C8W9, status: created }',
      )
  );
}

let site: Awaited<ReturnType<typeof fixtureCopy>>;
let server: http.Server;
let browser: Browser;
let base: string;

beforeAll(async () => {
  site = await fixtureCopy();
  await mkdir(path.join(site.root, 'content/api/v1/transaction'), { recursive: true });
  await writeFile(path.join(site.root, 'content/api/v1/transaction/create.md'), await v1Create());
  await build({ root: site.root, cacheDir: false, pool: false });
  server = await startStaticServer(path.join(site.root, 'dist'), { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchChromium();
  mkdirSync(shots, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  server?.close();
  await site?.cleanup();
});

async function openWithWorker(url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + url);
  // The worker took this page and kept it (reader/offline/register.ts).
  await page.waitForSelector('html[data-offline="ready"]');
  return { context, page, errors };
}

/**
 * Client-side navigation, as the reader's links do it (wouter follows history.pushState);
 * fails if the document was loaded again instead.
 */
async function follow(page: Page, route: string) {
  await page.evaluate((to) => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
    history.pushState(null, '', to);
  }, route);
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const heading = (page: Page) => page.locator('main h1').first();

describe('offline reading', () => {
  it('reloads and navigates between visited pages, searches, says an unvisited page is offline (Retry)', async () => {
    const { context, page, errors } = await openWithWorker('/introduction');
    await follow(page, '/services/pix');
    await expect.poll(() => heading(page).textContent()).toBe('PIX');

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => heading(page).textContent()).toBe('PIX');
    await follow(page, '/introduction');
    await expect.poll(() => heading(page).textContent()).toBe('Introduction');
    expect(await sameDocument(page)).toBe(true);

    // A page never opened: the reader says so, not the browser.
    await follow(page, '/reference/currency_codes');
    const failed = page.locator('.load-failed');
    await failed.waitFor();
    expect(await failed.locator('h1').textContent()).toBe(TEXT.offlineHeading);
    await page.screenshot({ path: path.join(shots, 'offline-unvisited.png') });
    await failed.getByRole('button', { name: TEXT.retry }).click();
    await failed.waitFor();

    // Typed in the address bar: the offline shell boots the reader, which says the same…
    await page.goto(`${base}/api/v1/transaction/create`);
    await page.locator('.load-failed h1').waitFor();
    expect(await page.locator('.load-failed h1').textContent()).toBe(TEXT.offlineHeading);
    // …and, back online, loads the page: by itself, or with Retry should the worker hear of
    // the network a moment after the page (Playwright tells the two targets in turn).
    await context.setOffline(false);
    await expect
      .poll(async () => {
        const retry = page.locator('.load-failed button');
        if (await retry.isVisible()) await retry.click().catch(() => undefined);
        return heading(page).textContent();
      })
      .toBe('Create a transaction (API v1)');

    // Search answers from the kept index.
    await context.setOffline(true);
    await page.goto(`${base}/search?q=transaction`);
    await page.waitForSelector('.search-result');
    expect(await page.locator('.search-result-title').allTextContents()).toContain('Create a transaction');

    // A file is no page: the Markdown twin ("View as Markdown") gets the browser's offline
    // error, not the reader's "not found"; a file this build keeps offline is served.
    expect(
      await page.goto(`${base}/introduction.md`).then(
        () => 'loaded',
        (e: Error) => e.message,
      ),
    ).toMatch(/net::ERR_/);
    const favicon = await (await context.newPage()).goto(`${base}/img/favicon.svg`);
    expect(favicon?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows "Updated — reload" in a tab still on the previous build, and keeps one build\'s cache', async () => {
    const { context, page } = await openWithWorker('/introduction');
    const before = await page.evaluate(() => caches.keys());
    expect(before.filter((k) => k.startsWith('paydocs-build-'))).toHaveLength(1);

    const file = path.join(site.root, 'content/introduction.md');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('title: Introduction', 'title: Introduction, revised'),
    );
    await build({ root: site.root, cacheDir: false, pool: false });
    const { buildId } = JSON.parse(await readFile(path.join(site.root, 'dist/_data/manifest.json'), 'utf8'));

    // A new visit (another tab) gets the new build from the network; its worker takes over quietly there…
    const fresh = await context.newPage();
    await fresh.goto(`${base}/introduction`);
    await expect.poll(() => heading(fresh).textContent()).toBe('Introduction, revised');
    await fresh.waitForSelector('html[data-offline="ready"]');
    expect(await fresh.locator('.update-notice').count()).toBe(0);

    // …and the tab still on the old build is told, and reloads into the new one.
    const notice = page.locator('.update-notice');
    await notice.getByRole('button', { name: 'reload' }).waitFor();
    expect(await notice.textContent()).toBe('Updated — reload');
    await page.screenshot({ path: path.join(shots, 'offline-update-notice.png') });
    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'reload' }).click()]);
    await expect.poll(() => heading(page).textContent()).toBe('Introduction, revised');

    const after = await page.evaluate(() => caches.keys());
    expect(after.filter((k) => k.startsWith('paydocs-build-'))).toEqual([`paydocs-build-${buildId}`]);
    await context.close();
  }, 180_000);

  it('is not registered by paydocs dev: its manifest names no worker and it serves no sw.js', async () => {
    const dev = await startDevServer(site.root, { port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const url = dev.url;
      const manifest = await (await fetch(`${url}/_data/manifest.json`)).json();
      expect(manifest.serviceWorker).toBeUndefined();
      expect((await fetch(`${url}/sw.js`)).status).toBe(404);
    } finally {
      await dev.close();
    }
  }, 120_000);
});

describe('the not-found page', () => {
  it('suggests pages for the words of the mistyped address, and answers 404', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const [address, expected] of [
      ['/servces/pix', ['PIX']],
      ['/api/v3/transaction/create', ['Create a transaction', 'Create a transaction (API v1)']],
    ] as const) {
      const res = await page.goto(base + address);
      expect(res!.status()).toBe(404);
      const links = page.locator('.not-found-suggestions li a');
      await links.first().waitFor();
      const titles = await links.allTextContents();
      expect(titles.length).toBeLessThanOrEqual(5);
      for (const title of expected) expect(titles).toContain(title);
    }
    await page.screenshot({ path: path.join(shots, 'not-found-suggestions.png') });
    // A suggestion is a link into the site.
    await page.locator('.not-found-suggestions li a', { hasText: 'Create a transaction (API v1)' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Create a transaction (API v1)');
    await context.close();
  }, 60_000);

  it('lists the pages under a section address, as the sidebar groups them, instead of guessing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    const section = page.locator('nav.not-found-section');
    const hrefs = () => section.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const [address, title, expected] of [
      // Categories of the sidebar: the Reference category; API v2's pages (in one subcategory).
      [
        '/reference/',
        'Pages under /reference',
        ['/reference/api_error_codes', '/reference/currency_codes', '/reference/transaction_statuses'],
      ],
      ['/api/v2', 'Pages under /api/v2', ['/api/v2/transaction/create']],
      // A page no sidebar category holds: listed by its title.
      ['/api/v1', 'Pages under /api/v1', ['/api/v1/transaction/create']],
    ] as const) {
      const res = await page.goto(base + address);
      expect(res!.status()).toBe(404);
      await section.waitFor();
      expect(await section.locator('h2').textContent()).toBe(title);
      expect((await hrefs()).sort()).toEqual([...expected].sort());
      // The search's guesses are not asked for.
      expect(await page.locator(`nav[aria-labelledby="${NOT_FOUND_SUGGESTIONS_ID}"]`).count()).toBe(0);
    }
    expect(await section.locator('a').first().textContent()).toBe('Create a transaction (API v1)');
    // Nothing but the document's own status and this context's blocked worker (the 404 documents
    // once waited for page content they do not have, and said so).
    expect(
      warnings.filter((w) => !w.includes('status of 404') && !w.startsWith('Service Worker registration blocked')),
    ).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'not-found-section.png') });
    await section.locator('a').first().click();
    await expect.poll(() => heading(page).textContent()).toBe('Create a transaction (API v1)');
    // A mistyped address that is no section still gets the search's guesses.
    await page.goto(`${base}/servces/pix`);
    await page.locator(`nav[aria-labelledby="${NOT_FOUND_SUGGESTIONS_ID}"] li a`).first().waitFor();
    expect(await section.count()).toBe(0);
    await context.close();
  }, 60_000);
});

describe('the head on client-side navigation', () => {
  it('names the Markdown twin of the page on screen, and none off a page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const twin = () =>
      page.evaluate(
        () => document.head.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href') ?? null,
      );
    expect(await twin()).toBe('/introduction.md');
    await follow(page, '/services/pix');
    await expect.poll(() => heading(page).textContent()).toBe('PIX');
    expect(await twin()).toBe('/services/pix.md');
    await follow(page, '/no/such/page');
    await page.locator('.not-found').waitFor();
    expect(await twin()).toBeNull();
    await follow(page, '/');
    await expect.poll(twin).toBe('/index.md');
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  }, 60_000);
});
