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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';
import { layoutShifts, startHoldingProxy, type HoldingProxy } from '../reader/layout-shifts.ts';

let site: ReaderSite;
let proxy: HoldingProxy;

beforeAll(async () => {
  site = await startReaderSite();
  proxy = await startHoldingProxy(site.base);
}, 120_000);
afterAll(async () => {
  proxy?.close();
  await site?.close();
});

const shifts = (url: string, width = 1440) => layoutShifts(site.browser, proxy, url, width);

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
