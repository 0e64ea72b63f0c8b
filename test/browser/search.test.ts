/**
 * Search in real Chromium (Debian's package through playwright-core), against the
 * fixture site plus a few search pages (test/search/fixtures), built by the pipeline
 * and served by `paydocs serve`'s handler under the strict CSP; one test runs
 * `paydocs dev` and re-indexes a saved page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type http from 'node:http';
import path from 'node:path';
import { cp, writeFile, readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { startDevServer } from '../../pipeline/server/dev.ts';
import { fixtureCopy, projectRoot, launchChromium, buildAndServe } from '../helpers.ts';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
let server: http.Server;
let browser: Browser;
let base: string;
const shots = path.join(projectRoot, 'test-output/screenshots');

async function searchFixture() {
  const copy = await fixtureCopy();
  await cp(path.join(projectRoot, 'test/search/fixtures/content'), path.join(copy.root, 'content'), {
    recursive: true,
  });
  return copy;
}

beforeAll(async () => {
  site = await searchFixture();
  ({ server, base } = await buildAndServe(site.root));
  browser = await launchChromium();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  await site?.cleanup();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  errors: string[];
  searchRequests: string[];
}

async function open(url: string, origin = base, width = 1440): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const searchRequests: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/_data/search/') || u.pathname.includes('searchWorker')) searchRequests.push(u.pathname);
  });
  await page.goto(origin + url);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, context, errors, searchRequests };
}

const box = (page: Page) => page.locator('.search-box input[role="combobox"]');
const options = (page: Page) => page.locator('.search-dropdown [role="option"]:not(.search-see-all)');
/** Types a query and waits for its complete answer (the listbox is no longer busy). */
async function type(page: Page, q: string) {
  await box(page).fill(q);
  await page.locator('.search-dropdown [role="listbox"][aria-busy="false"]').waitFor();
}
const titles = (page: Page) => options(page).locator('.search-option-title').allTextContents();

describe('search in Chromium', () => {
  it('loads nothing until the box is hovered or focused, then the index in a worker: loading → done', async () => {
    const { page, context, errors, searchRequests } = await open('/introduction');
    await page.waitForTimeout(300);
    expect(searchRequests).toEqual([]);
    expect(page.workers()).toHaveLength(0);

    // Hold the manifest to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await context.route(/\/_data\/search\/manifest\.[0-9a-f]{12}\.json$/, async (route) => {
      await held;
      await route.continue();
    });
    await box(page).hover();
    await page.waitForEvent('worker');
    await box(page).fill('sandbox');
    await expect(page.locator('.search-dropdown .search-loading').textContent()).resolves.toContain('Loading');
    release();
    await page.locator('.search-dropdown [role="listbox"][aria-busy="false"]').waitFor();
    await expect(page.locator('.search-dropdown .search-loading').count()).resolves.toBe(0);
    expect(page.workers()).toHaveLength(1);
    // Then what the query needs: the words shard of its key, and the docs of the pages it returns.
    const loaded = searchRequests.map((p) => p.replace(/\.[A-Za-z0-9]{8,12}\.js(on)?$/, '').replace(/-\d+$/, ''));
    expect(loaded).toEqual(
      expect.arrayContaining([
        '/assets/searchWorker',
        '/_data/search/manifest',
        '/_data/search/words',
        '/_data/search/docs',
      ]),
    );
    expect(searchRequests.filter((p) => p.includes('/words-'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests <= 8 pages (title, trail, marks); arrows, Enter open the heading, _highlight, client-side', async () => {
    const { page, context, errors } = await open('/');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
    });
    await box(page).focus();
    await type(page, 'sandbox');
    const count = await options(page).count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(8);
    expect(await titles(page)).toContain('Sandbox and production');
    await expect(options(page).first().locator('mark.search-mark').first().textContent()).resolves.toMatch(
      /^sandbox$/i,
    );
    await expect(page.locator('.search-dropdown').textContent()).resolves.toContain('Getting started › Introduction');
    await page.screenshot({ path: path.join(shots, 'search-dropdown-1440-light.png') });

    // Combobox semantics: the active option follows the arrows.
    const input = box(page);
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('ArrowDown');
    const first = await options(page).first().getAttribute('id');
    await expect(input.getAttribute('aria-activedescendant')).resolves.toBe(first);
    await expect(options(page).first().getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(input.getAttribute('aria-activedescendant')).resolves.toBe(first);
    const target = await options(page).first().locator('a').getAttribute('href');
    expect(target).toBe('/introduction?_highlight=sandbox#sandbox-and-production');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}${target}`);
    await page.locator('#page-content mark.search-highlight').first().waitFor();
    expect(await page.locator('h1').textContent()).toBe('Introduction');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(await page.locator('#page-content mark.search-highlight').count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator('.search-dropdown').count()).resolves.toBe(0);

    // Escape closes an open dropdown, then clears the box — which also clears the marks.
    await input.click();
    await expect(page.locator('.search-dropdown').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await expect(page.locator('.search-dropdown').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await expect(input.inputValue()).resolves.toBe('');
    await page.waitForFunction(() => !document.querySelector('#page-content mark.search-highlight'));
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the same typed, pasted or warm: what a query loads depends on the query only', async () => {
    const q = 'sandbox answers';
    const pasted = await open('/introduction');
    await box(pasted.page).focus();
    await type(pasted.page, q);
    const expected = await titles(pasted.page);
    expect(expected.length).toBeGreaterThan(0);

    const typed = await open('/introduction');
    await box(typed.page).focus();
    await box(typed.page).pressSequentially(q, { delay: 25 });
    await typed.page.locator('.search-dropdown [role="listbox"][aria-busy="false"]').waitFor();
    expect(await titles(typed.page)).toEqual(expected);

    for (const other of ['wallet', 'pix payin', 'create transaction']) await type(pasted.page, other);
    await type(pasted.page, q);
    expect(await titles(pasted.page)).toEqual(expected);
    expect([...pasted.errors, ...typed.errors]).toEqual([]);
    await pasted.context.close();
    await typed.context.close();
  });

  it('answers a question, ranks the defining row first at its anchor, finds synonyms from the table', async () => {
    const { page, context, errors } = await open('/introduction');
    await box(page).focus();
    await type(page, 'where is the sandbox');
    expect((await titles(page))[0]).toBe('Sandbox and production');
    await type(page, 'invalid_signature');
    await expect(options(page).first().locator('a').getAttribute('href')).resolves.toBe(
      '/reference/api_error_codes?_highlight=invalid_signature#invalid_signature',
    );
    // content/data/search_synonyms.yaml of the fixture: reimbursement ↔ refund.
    await type(page, 'reimbursement');
    const href = await options(page).first().locator('a').getAttribute('href');
    expect(href).toMatch(/^\/reference\/(api_error_codes|transaction_statuses)\?_highlight=refund/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "No results" and still offers all results', async () => {
    const { page, context, errors } = await open('/introduction');
    await box(page).focus();
    await type(page, 'qxzvw');
    await expect(page.locator('.search-dropdown .search-empty').textContent()).resolves.toBe('No results');
    await expect(page.locator('.search-see-all').allTextContents()).resolves.toEqual(['See all results']);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/search?q=qxzvw`);
    await expect(page.locator('.search-page .search-empty').textContent()).resolves.toBe('No results');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a page in a search context: its pages first, and "See all results within / outside" links', async () => {
    const { page, context, errors } = await open('/api/v2/transaction/create');
    await box(page).focus();
    await type(page, 'sandbox');
    const hrefs = await options(page)
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs[0]).toMatch(/^\/api\/v2\//);
    await expect(page.locator('.search-see-all').allTextContents()).resolves.toEqual([
      'See all results within "API v2"',
      'See all results outside "API v2"',
    ]);

    await page.locator('.search-see-all', { hasText: 'within' }).click();
    await page.waitForURL(`${base}/search?q=sandbox&ctx=api-v2`);
    await page.locator('.search-results[aria-busy="false"]').waitFor();
    const within = await page
      .locator('.search-result-title')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(within.length).toBeGreaterThan(0);
    expect(within.every((h) => h.startsWith('/api/v2/'))).toBe(true);
    await expect(page.locator('.search-page-context').inputValue()).resolves.toBe('api-v2');

    await page.goBack();
    await page.waitForURL(`${base}/api/v2/transaction/create`);
    await box(page).focus();
    await type(page, 'sandbox');
    await page.locator('.search-see-all', { hasText: 'outside' }).click();
    await page.waitForURL(`${base}/search?q=sandbox&ctx=%21api-v2`);
    await page.locator('.search-results[aria-busy="false"]').waitFor();
    const outside = await page
      .locator('.search-result-title')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.some((h) => h.startsWith('/api/v2/'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/search keeps the URL in step while typing, and back/forward restore the query and context', async () => {
    const { page, context, errors } = await open('/search?q=pix');
    await page.locator('.search-results[aria-busy="false"]').waitFor();
    expect(await page.locator('.search-result-title').first().textContent()).toMatch(/PIX/);
    await expect(page.locator('.search-label').first().textContent()).resolves.toBe('Payment methods');
    const historyLength = await page.evaluate(() => history.length);

    const input = page.locator('.search-page-input');
    await input.fill('settlement');
    await page.waitForFunction(() => location.search === '?q=settlement');
    await input.fill('pix payin');
    await page.waitForFunction(() => location.search === '?q=pix+payin');
    expect(await page.evaluate(() => history.length)).toBe(historyLength); // typing replaces the entry
    await page.waitForFunction(() =>
      document.querySelector('.search-result-title')?.textContent?.includes('PIX payin'),
    );

    await page.locator('.search-page-context').selectOption('reference');
    await page.waitForURL(`${base}/search?q=pix+payin&ctx=reference`);
    await page.locator('.search-results[aria-busy="false"]').waitFor();
    await page.goBack();
    await page.waitForURL(`${base}/search?q=pix+payin`);
    await expect(page.locator('.search-page-context').inputValue()).resolves.toBe('');
    await page.goForward();
    await page.waitForURL(`${base}/search?q=pix+payin&ctx=reference`);
    await expect(page.locator('.search-page-context').inputValue()).resolves.toBe('reference');
    await page.goBack();
    await page.waitForURL(`${base}/search?q=pix+payin`);

    // Open a result and come back to the same results (once the list is the whole site's again,
    // not the reference context's it showed a moment ago).
    await page.locator('.search-results[aria-busy="false"]').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('.search-result-title')?.textContent?.includes('PIX payin'),
    );
    await page.locator('.search-result-title').first().click();
    await page.waitForURL(/\/services\/pix\/payin\?_highlight=/);
    await page.locator('#page-content mark.search-highlight').first().waitFor();
    await page.goBack();
    await page.waitForURL(`${base}/search?q=pix+payin`);
    await expect(page.locator('.search-page-input').inputValue()).resolves.toBe('pix payin');
    await page.locator('.search-results[aria-busy="false"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('forgives typos, finds Russian (tagline and inflected forms) and identifiers whole and in pieces', async () => {
    const { page, context, errors } = await open('/introduction');
    await box(page).focus();
    const cases: [string, string][] = [
      ['setlepay', 'SettlePay'],
      ['tranzaction', 'Create a transaction'],
      ['платёжный шлюз', 'Fixture home'],
      ['документацию', 'Fixture home'],
      ['payment_method', 'Transfer between wallets'],
      ['wallet-transfers', 'Transfer between wallets'],
      ['/api/v2/transaction/create', 'Create a transaction'],
      ['3ds', 'Card checks'],
      ['wallet', 'Transfer between wallets'],
    ];
    for (const [q, title] of cases) {
      await type(page, q);
      expect(await titles(page), q).toContain(title);
    }
    await type(page, 'setlepay');
    await expect(options(page).first().locator('mark').textContent()).resolves.toBe('SettlePay');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks _highlight words on first load and after client navigation; the dismiss control removes them', async () => {
    const { page, context, errors } = await open('/introduction?_highlight=sandbox&_highlight=points');
    await page.locator('#page-content mark.search-highlight').first().waitFor();
    expect(
      (await page.locator('#page-content mark.search-highlight').allTextContents()).map((t) => t.toLowerCase()),
    ).toEqual(expect.arrayContaining(['sandbox', 'points']));
    // Leaving a marked page for another one, client-side: no crash, content intact.
    await page.locator('.sidebar a[href="/"]').click();
    await page.waitForURL(`${base}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Fixture home');
    await page.goBack();
    await page.waitForURL(/\/introduction\?_highlight=sandbox/);
    await page.locator('#page-content mark.search-highlight').first().waitFor();
    await expect(page.locator('#page-content').textContent()).resolves.toContain('Every merchant has points.');
    await page.locator('.highlight-bar button', { hasText: 'Clear highlights' }).click();
    await expect(page.locator('#page-content mark.search-highlight').count()).resolves.toBe(0);
    await expect(page.locator('.highlight-bar').count()).resolves.toBe(0);
    expect(page.url()).toBe(`${base}/introduction`);
    await expect(page.locator('#page-content').textContent()).resolves.toContain('Every merchant has points.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works in paydocs dev, and a saved page is re-indexed', async () => {
    const dev = await searchFixture();
    const server = await startDevServer(dev.root, { port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const { page, context, errors } = await open('/introduction', server.url);
      await box(page).focus();
      await type(page, 'zanzibar');
      await expect(page.locator('.search-dropdown .search-empty').textContent()).resolves.toBe('No results');

      const file = path.join(dev.root, 'content/introduction.md');
      await writeFile(
        file,
        `${await readFile(file, 'utf8')}\n## Zanzibar office\n\nThe Zanzibar office opens at nine.\n`,
      );
      // The dev client reloads the page after the rebuild; the index follows.
      await page.waitForFunction(() => document.querySelector('#zanzibar-office'), undefined, { timeout: 30_000 });
      await page.waitForSelector('html[data-hydrated="true"]');
      let found: string[] = [];
      for (let i = 0; i < 40 && !found.includes('Zanzibar office'); i++) {
        await box(page).focus();
        await type(page, i % 2 ? 'zanzibar' : 'zanzibar ');
        found = await titles(page);
        if (!found.includes('Zanzibar office')) {
          await box(page).fill('');
          await page.locator('main').click();
          await page.waitForTimeout(250);
        }
      }
      expect(found).toContain('Zanzibar office');
      expect(page.workers()).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.close();
      await dev.cleanup();
    }
  });
});
