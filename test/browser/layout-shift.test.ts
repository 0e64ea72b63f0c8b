/**
 * Layout stability: every page kind, opened at 1440 px (an API operation page at 400 px
 * too: its reference has one layout per side of 1200 px), shows no layout shift at all
 * — the sum of Chromium's layout-shift entries is 0 — from the first paint through
 * hydration. A browser paints HTML as it arrives: a loopback proxy in front of the
 * built site sends each page's HTML up to the end of its article, holds the rest
 * until the browser has painted that part, then sends it. So whatever comes after
 * the article in the document (the TOC column) arrives after a paint, as it does on
 * a real connection. A stability assertion: nothing here is timed.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';

let site: ReaderSite;
let proxy: http.Server;
let base: string;
/** Releases the held rest of the HTML being sent. */
let release: () => void = () => {};

beforeAll(async () => {
  site = await startReaderSite();
  proxy = http.createServer(async (req, res) => {
    const upstream = await fetch(site.base + req.url, { headers: { accept: String(req.headers.accept ?? '*/*') } });
    const type = upstream.headers.get('content-type') ?? '';
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers = Object.fromEntries(
      [...upstream.headers].filter(
        ([k]) => !/^(content-encoding|content-length|transfer-encoding|connection)$/i.test(k),
      ),
    );
    res.writeHead(upstream.status, headers);
    const html = body.toString('utf8');
    const cut = html.indexOf('</article>');
    if (!type.includes('text/html') || cut < 0) {
      res.end(body);
      return;
    }
    const held = new Promise<void>((r) => {
      release = r;
    });
    res.write(html.slice(0, cut + '</article>'.length));
    await held;
    res.end(html.slice(cut + '</article>'.length));
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  proxy?.close();
  await site?.close();
});

interface Shift {
  value: number;
  sources: string[];
}

const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Layout-shift entries of one page load, from the first paint through hydration. */
async function shifts(url: string, width = 1440): Promise<Shift[]> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 } });
  // Observed from the start of the document: nothing painted before is missed.
  await context.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (e.hadRecentInput) continue;
        w.__shifts.push({
          value: e.value,
          sources: (e.sources ?? []).map((s) => {
            const node =
              s.node instanceof Element
                ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}`
                : `${s.node?.nodeName} in ${s.node?.parentElement?.tagName.toLowerCase()}`;
            const before = [s.previousRect.x, s.previousRect.y, s.previousRect.width];
            return `${node} ${before} → ${[s.currentRect.x, s.currentRect.y, s.currentRect.width]}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const loaded = page.goto(base + url, { waitUntil: 'load' });
  // The article is in and painted; then the rest of the document arrives.
  await page.waitForSelector('article.doc, main', { state: 'attached' });
  await page.evaluate(frames);
  release();
  await loaded;
  await page.waitForSelector('html[data-hydrated="true"]');
  // Whatever the first effects changed has been laid out and reported.
  await page.evaluate(frames);
  const found = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  await context.close();
  return found;
}

describe('layout stability at 1440 px', () => {
  const kinds: [string, string][] = [
    ['doc (home)', '/'],
    ['doc', '/introduction'],
    ['api-operation', '/api/v2/transaction/create'],
    ['payment-group', '/services/pix'],
    ['payment-method', '/services/pix/payin'],
    ['reference-table', '/reference/currency_codes'],
    ['search page', '/search'],
  ];
  for (const [kind, url] of kinds) {
    it(`${kind} ${url}: no layout shift while the page arrives and hydrates`, async () => {
      const found = await shifts(url);
      expect(found, JSON.stringify(found)).toEqual([]);
    }, 60_000);
  }
});

describe('layout stability at 400 px', () => {
  it('api-operation /api/v2/transaction/create: no layout shift while the page arrives and hydrates', async () => {
    const found = await shifts('/api/v2/transaction/create', 400);
    expect(found, JSON.stringify(found)).toEqual([]);
  }, 60_000);
});
