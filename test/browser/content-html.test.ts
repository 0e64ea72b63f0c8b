/**
 * Page content is HTML from its hast (reader/page/content-html.ts) with its behaviour
 * wired on the DOM (content-behaviour.ts), while React owns the chrome: hydration keeps
 * the prerendered content as it is, without a warning; client navigation builds the same
 * HTML the prerenderer wrote; and the interactive parts behave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';
import { TEXT } from '../../reader/lib/constants.ts';

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite();
});
afterAll(async () => {
  await site?.close();
});

/** The content's HTML, without the tab stops added to boxes that overflow (they depend on the window). */
const contentHtml = (page: Page) =>
  page.locator('#page-content').evaluate((el) => el.innerHTML.replace(/ tabindex="0"/g, ''));

async function prerendered(url: string): Promise<string> {
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(site.base + url);
  const html = await contentHtml(page);
  await context.close();
  return html;
}

describe('page content as HTML', () => {
  it('hydration keeps the prerendered content as it is, with no warning', async () => {
    for (const url of ['/api/v2/transaction/create', '/reference/currency_codes', '/introduction']) {
      const before = await prerendered(url);
      expect(before.length, url).toBeGreaterThan(500);
      const { page, context, errors } = await site.open(url);
      expect(await contentHtml(page), url).toBe(before);
      expect(errors, url).toEqual([]);
      await context.close();
    }
  });

  it('client navigation shows the same content the prerenderer wrote', async () => {
    const expected = await prerendered('/introduction');
    expect(expected).toContain('role="tablist"');
    const { page, context, errors } = await site.open('/');
    await page.locator('#page-content a[href="/introduction"]').first().click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1); // no reload
    expect(await contentHtml(page)).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tabs switch by click and arrow keys; code copies; the row filter narrows and counts', async () => {
    const { page, context } = await site.open('/api/v2/transaction/create');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The code samples' tabs (the page's first tabs are the endpoint's environments).
    const tabs = page.locator('#page-content .tabs[data-group="lang"]').first();
    const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
    await tab('Python').click();
    expect(await tab('Python').getAttribute('aria-selected')).toBe('true');
    expect(await tabs.locator('[role="tabpanel"]:not([hidden])').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await tab('PHP').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('PHP');
    const visible = tabs.locator('[role="tabpanel"]:not([hidden])');
    await visible.locator('.copy-button').click();
    await expect.poll(() => visible.locator('.copy-button').getAttribute('aria-label')).toBe(TEXT.copiedLabel);
    expect(await visible.locator('[role="status"]').textContent()).toBe(TEXT.copiedLabel);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await visible.locator('pre').textContent());

    await page.goto(`${site.base}/reference/currency_codes`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const rows = page.locator('figure[data-kind="filterable"] tbody tr');
    const all = await rows.count();
    await page.getByLabel('Filter rows').fill('EUR');
    await expect.poll(() => rows.locator('visible=true').count()).toBeLessThan(all);
    const shown = await rows.locator('visible=true').count();
    expect(await page.locator('.table-filter-count').textContent()).toBe(`${shown} matching`);
    await page.getByLabel('Filter rows').fill('');
    await expect.poll(() => rows.locator('visible=true').count()).toBe(all);
    expect(await page.locator('.table-filter-count').count()).toBe(0);
    await context.close();
  });

  it('a box that scrolls sideways joins the tab order; one that fits does not', async () => {
    const { page, context } = await site.open('/api/v2/transaction/create', { width: 375 });
    const overflowing = await page
      .locator('#page-content pre')
      .evaluateAll((els) => els.map((e) => [e.scrollWidth > e.clientWidth + 1, e.getAttribute('tabindex')]));
    expect(overflowing.some(([over]) => over)).toBe(true);
    for (const [over, tabindex] of overflowing) expect(tabindex).toBe(over ? '0' : null);
    await context.close();
  });
});
