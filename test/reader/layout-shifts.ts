/**
 * Layout shift of one page load, from the first paint through hydration, as a browser on a
 * real connection sees it: a loopback proxy in front of a served site sends each page's HTML
 * up to the end of its article, holds the rest until the browser has painted that part, then
 * sends it. Used by test/browser/layout-shift.test.ts (the fixture site) and
 * bench/operation-pages.bench.ts (the real site's operation pages).
 */
import http from 'node:http';
import type { Browser } from 'playwright-core';

export interface Shift {
  value: number;
  sources: string[];
}

export interface HoldingProxy {
  base: string;
  /** Sends the held rest of the HTML being sent. */
  release(): void;
  close(): void;
}

/** A proxy to `upstream` that holds every HTML page after its `</article>` until `release()`. */
export async function startHoldingProxy(upstream: string): Promise<HoldingProxy> {
  let release: () => void = () => {};
  const proxy = http.createServer(async (req, res) => {
    const answer = await fetch(upstream + req.url, { headers: { accept: String(req.headers.accept ?? '*/*') } });
    const type = answer.headers.get('content-type') ?? '';
    const body = Buffer.from(await answer.arrayBuffer());
    const headers = Object.fromEntries(
      [...answer.headers].filter(([k]) => !/^(content-encoding|content-length|transfer-encoding|connection)$/i.test(k)),
    );
    res.writeHead(answer.status, headers);
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
  return {
    base: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`,
    release: () => release(),
    close: () => proxy.close(),
  };
}

const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Layout-shift entries of one load of `url` through `proxy`, from the first paint through hydration. */
export async function layoutShifts(browser: Browser, proxy: HoldingProxy, url: string, width = 1440): Promise<Shift[]> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
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
  const loaded = page.goto(proxy.base + url, { waitUntil: 'load' });
  // The article is in and painted; then the rest of the document arrives.
  await page.waitForSelector('article.doc, main', { state: 'attached' });
  await page.evaluate(frames);
  proxy.release();
  await loaded;
  await page.waitForSelector('html[data-hydrated="true"]');
  // Whatever the first effects changed has been laid out and reported.
  await page.evaluate(frames);
  const found = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  await context.close();
  return found;
}
