/**
 * The machine-readable side of the built fixture site, as `paydocs serve` answers it and
 * as a reader uses it in Chromium: Markdown twins with their content type and the
 * alternate link, llms.txt, the API documents, and the Copy page / View as Markdown control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startReaderSite, screenshotDir, type ReaderSite } from '../reader/browser-harness.ts';
import { startDevServer } from '../../pipeline/server/dev.ts';
import { fixtureCopy } from '../helpers.ts';

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite();
});
afterAll(async () => {
  await site?.close();
});

describe('machine-readable outputs, served', () => {
  it('serves every twin as text/markdown in UTF-8, and llms.txt, OpenAPI and Postman files', async () => {
    const twin = await fetch(`${site.base}/api/v2/transaction/create.md`);
    expect(twin.status).toBe(200);
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await twin.text()).toMatch(/^# .+\n/);
    const home = await fetch(`${site.base}/index.md`);
    expect(home.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const llms = await fetch(`${site.base}/llms.txt`);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await llms.text()).toContain('/api/v2/transaction/create.md)');
    expect((await fetch(`${site.base}/openapi/v2.json`)).status).toBe(200);
    expect((await fetch(`${site.base}/postman/v2.json`)).status).toBe(200);
  });

  it('paydocs dev serves the twins and llms.txt too', async () => {
    const copy = await fixtureCopy();
    const dev = await startDevServer(copy.root, { port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const twin = await fetch(`${dev.url}/introduction.md`);
      expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await twin.text()).toBe(await (await fetch(`${site.base}/introduction.md`)).text());
      expect(await (await fetch(`${dev.url}/llms.txt`)).text()).toBe(
        await (await fetch(`${site.base}/llms.txt`)).text(),
      );
      expect((await fetch(`${dev.url}/nothing.md`)).status).toBe(404);
    } finally {
      await dev.close();
      await copy.cleanup();
    }
  });

  it('links each HTML page to its twin, and keeps the sitemap on HTML pages', async () => {
    const html = await (await fetch(`${site.base}/introduction`)).text();
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/introduction.md">');
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    expect(sitemap).toContain('/introduction</loc>');
    expect(sitemap).not.toContain('.md</loc>');
  });
});

describe('Copy page and View as Markdown', () => {
  it("copies the page's Markdown to the clipboard and confirms it", async () => {
    const { page, context, errors } = await site.open('/introduction', {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const expected = await (await fetch(`${site.base}/introduction.md`)).text();
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.click();
    await expect
      .poll(() => page.locator('.page-actions [role="status"]').textContent())
      .toBe('Page copied to the clipboard as Markdown');
    await expect(page.locator('.page-actions button').textContent()).resolves.toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await page.locator('.page-actions').screenshot({ path: path.join(screenshotDir, 'page-actions-copied.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("links to the twin, and on API pages to the API's OpenAPI document", async () => {
    const { page, context } = await site.open('/api/v2/transaction/create');
    await expect(page.getByRole('link', { name: 'View as Markdown' }).getAttribute('href')).resolves.toBe(
      '/api/v2/transaction/create.md',
    );
    await expect(page.getByRole('link', { name: 'OpenAPI' }).getAttribute('href')).resolves.toBe('/openapi/v2.json');
    await page.getByRole('link', { name: 'View as Markdown' }).click();
    await page.waitForURL(`${site.base}/api/v2/transaction/create.md`);
    expect(await page.evaluate(() => document.body.innerText)).toMatch(/^# /);
    await context.close();
  });
});
