/**
 * `paydocs dev` for real: a fixture site served from memory with chokidar watching.
 * A broken save is reported (terminal and browser overlay) while the last good
 * build keeps being served; the next good save recovers and the page reloads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDevServer, type DevServer } from '../../pipeline/server/dev.ts';
import { fixtureCopy, launchChromium } from '../helpers.ts';
import { shardList } from '../../search/format/index.ts';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
let dev: DevServer;
let browser: Browser;
const logs: string[] = [];

beforeAll(async () => {
  site = await fixtureCopy();
  dev = await startDevServer(site.root, { port: 0, host: '127.0.0.1', log: (s) => logs.push(s) });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  await site?.cleanup();
});

const get = async (p: string) => {
  const r = await fetch(dev.url + p);
  return { status: r.status, text: await r.text() };
};

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('paydocs dev', () => {
  it('serves prerendered pages, page JSON and the search index from memory, with the CSP', async () => {
    const page = await get('/introduction');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="sandbox-and-production">');
    expect(page.text).toContain('/__paydocs/client.js');
    expect((await get('/_data/pages/introduction.json')).status).toBe(200);
    expect((await get('/no/such/page')).status).toBe(404);
    expect((await fetch(`${dev.url}/introduction.html`, { redirect: 'manual' })).status).toBe(301);
    expect((await fetch(`${dev.url}/`)).headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('a page that missed a reload (served before a rebuild it never heard of) reloads when it connects', async () => {
    const clientVersion = (html: string) => Number(/client\.js\?v=(\d+)/.exec(html)?.[1]);
    const stale = (await get('/introduction')).text;
    await dev.rebuild();
    const current = clientVersion((await get('/introduction')).text);
    expect(current).toBeGreaterThan(clientVersion(stale));

    const context = await browser.newContext();
    const page = await context.newPage();
    // The first load gets the HTML served before the rebuild, as a page still loading when the reload event went out.
    let served = 0;
    await page.route(`${dev.url}/introduction`, (route) =>
      served++ === 0 ? route.fulfill({ body: stale, contentType: 'text/html' }) : route.continue(),
    );
    await page.goto(`${dev.url}/introduction`);
    await until(() => served >= 2, 'the page to reload');
    await page.waitForSelector(`script[src="/__paydocs/client.js?v=${current}"]`, { state: 'attached' });
    await context.close();
  });

  it('shows a content error in the browser, keeps serving, and recovers on the next good save', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${dev.url}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const file = path.join(site.root, 'content/introduction.md');
    const good = await readFile(file, 'utf8');

    await writeFile(file, good.replace('keywords: [introduction, sandbox, points]', 'keywords: 42'));
    await page.waitForSelector('#paydocs-error-overlay');
    await expect(page.locator('#paydocs-error-overlay pre').textContent()).resolves.toContain(
      'content/introduction.md:4',
    );
    expect(logs.join('\n')).toContain('Expected array, found number 42');
    // The last good build is still served.
    expect((await get('/introduction')).text).toContain('Sandbox and production');

    await writeFile(file, good.replace('## Sandbox and production', '## Sandbox, then production'));
    await page.waitForSelector('h2#sandbox-then-production');
    await expect(page.locator('#paydocs-error-overlay').count()).resolves.toBe(0);
    await context.close();
  });

  it('rebuilds only the saved page and re-indexes search', async () => {
    const file = path.join(site.root, 'content/services/pix/payin.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nThe customer sees a Zyxwvut confirmation.\n`);
    await until(
      async () => (await get('/_data/pages/services/pix/payin.json')).text.includes('Zyxwvut'),
      'the page JSON',
    );
    expect(logs.some((l) => /built \d+ pages in \d+ ms \(1 compiled\)/.test(l))).toBe(true);
    const manifest = JSON.parse((await get('/_data/manifest.json')).text);
    // The index follows the page: poll the shards until the new word is in one.
    await until(async () => {
      const search = await get(manifest.search);
      if (search.status !== 200) return undefined;
      const urls = shardList(JSON.parse(search.text)).words.map((w) => w.url);
      for (const url of urls) if ((await get(url)).text.toLowerCase().includes('zyxwvut')) return true;
      return undefined;
    }, 'the search index to contain the new word');
  });
});
