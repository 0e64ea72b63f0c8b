/**
 * Facts a reviewer found wrong once, checked as classes over the whole site so that a
 * sibling page cannot repeat the mistake (issue 16, "Facts to correct").
 */
import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { crossCheck } from '../../pipeline/content/cross-check.ts';
import * as codes from '../../pipeline/sources/index.ts';
import { loadSiteModel, pagesOf, sentences } from './site-model.ts';

const site = await loadSiteModel();
const ops = pagesOf(site, 'api-operation');
const methods = pagesOf(site, 'payment-method');
const op = (route: string) => {
  const page = ops.find((p) => p.route === route);
  if (!page) throw new Error(`no api-operation page at ${route}`);
  return page.frontmatter.api;
};
const everySentence = site.pages.flatMap((p) => sentences(p.body).map((s) => ({ route: p.route, s })));
const matching = (re: RegExp) => everySentence.filter(({ s }) => re.test(s));

/** The example card hash key of the docs (cabinet/control/point_settings#card-hashes). */
const EXAMPLE_HASH_KEY = 'chk_test_9Vb2Qw7Lm4Xz8Rt3Kp6Ns1Hd';

describe('payment facts', () => {
  it('UPI refunds and reversals follow the RBI turnaround times, not "seconds" or "30 minutes"', () => {
    const upi = everySentence.filter(({ route }) => route.startsWith('/services/upi'));
    expect(upi.filter(({ s }) => /refund/i.test(s) && /in seconds/i.test(s))).toEqual([]);
    const reversals = upi.filter(({ s }) => /revers|returned by the bank/i.test(s));
    expect(reversals.length).toBeGreaterThan(0);
    for (const r of reversals) expect(r.s, r.route).toMatch(/T\+1/);
  });

  it('PayShap is described with its R50 000 scheme cap, never as "low-value" only', () => {
    expect(matching(/PayShap/).filter(({ s }) => /low-value/i.test(s))).toEqual([]);
    const pages = new Set(matching(/PayShap/).map(({ route }) => route));
    for (const route of pages)
      if (route !== '/services/south_africa/payin')
        expect(site.pages.find((p) => p.route === route)!.body, route).toMatch(/R50 000/);
  });

  it('no payout is called "Instant EFT" (a payin product)', () => {
    const named = methods.filter(
      (p) =>
        p.frontmatter.method.direction === 'payout' &&
        /instant eft/i.test(`${p.frontmatter.method.name} ${p.frontmatter.title}`),
    );
    expect(named.map((p) => p.route)).toEqual([]);
  });

  it('a worldwide method whose page excludes the United States lists US in excluded_countries', () => {
    for (const p of methods) {
      const m = p.frontmatter.method;
      const excludesUs = sentences(p.body).some(
        (s) => /United States/.test(s) && /not (serve|available)|cannot/i.test(s),
      );
      if (m.countries === 'worldwide' && excludesUs) expect(m.excluded_countries ?? [], p.route).toContain('US');
    }
  });

  it("Tonkeeper is not presented as Telegram's wallet", () => {
    expect(
      matching(/Tonkeeper/).filter(
        ({ s }) =>
          /(used|built) inside Telegram|Telegram's (own )?wallet/i.test(s) && !/not (part of )?Telegram/i.test(s),
      ),
    ).toEqual([]);
  });

  it('no undated "at the time of writing"', () => {
    expect(matching(/at the time of writing/i)).toEqual([]);
  });
});

describe('API facts', () => {
  it('binance_pay/notify, which creates a pre-debit notice, takes an idempotency key in both versions', () => {
    for (const v of ['v1', 'v2']) {
      const api = op(`/api/${v}/binance_pay/notify`);
      expect(api.idempotent, v).toBe(true);
      expect(api.errors, v).toContain('idempotency_conflict');
    }
  });

  it('expired and failed reports have their own error codes, listed by every download call', () => {
    const known = new Set(site.data.api_error_codes.map((e) => e.code));
    expect(known.has('report_expired') && known.has('report_failed')).toBe(true);
    for (const v of ['v1', 'v2'])
      expect(op(`/api/reports/${v}/report`).errors).toEqual(
        expect.arrayContaining(['report_expired', 'report_failed', 'report_not_found']),
      );
    expect(
      matching(/report_not_found/).filter(
        ({ s }) => /expired|failed/.test(s) && !/report_expired|report_failed/.test(s),
      ),
    ).toEqual([]);
  });

  it('v1 check-report admits json, the format a v2-ordered report has', () => {
    const format = op('/api/reports/v1/check-report').response.find((f) => f.name === 'format');
    expect(format?.description).toMatch(/json/);
  });

  it("every API error code is returned somewhere: in an operation's errors or named on a page", () => {
    const listed = new Set(ops.flatMap((p) => p.frontmatter.api.errors));
    const named = new Set(site.pages.flatMap((p) => [...p.body.matchAll(/:error\[([a-z_]+)\]/g)].map((m) => m[1])));
    expect(site.data.api_error_codes.map((e) => e.code).filter((c) => !listed.has(c) && !named.has(c))).toEqual([]);
  });

  it('invoice_delete is an api-operation page at its spec route, and only that route is let off the /api/ rule', () => {
    const page = ops.find((p) => p.route === '/services/invoice_delete');
    expect(page?.frontmatter.api.path).toBe('/v2/invoicing/invoice/delete');
    const moved = {
      ...site,
      pages: site.pages.map((p) => (p === page ? { ...p, route: '/services/invoice_remove' } : p)),
    };
    expect(crossCheck(site, codes).filter((d) => d.rule === 'api-path')).toEqual([]);
    expect(crossCheck(moved, codes).filter((d) => d.rule === 'api-path')).toHaveLength(1);
  });
});

describe('card data', () => {
  const fields = (list: (typeof ops)[number]['frontmatter']['api']['request'], out: ApiField[] = []) => {
    for (const f of list) {
      out.push(f);
      if (f.fields) fields(f.fields, out);
    }
    return out;
  };
  const all = ops.flatMap((p) =>
    fields([...p.frontmatter.api.request, ...p.frontmatter.api.response]).map((f) => ({ ...f, route: p.route })),
  );

  it('a BIN is 8 digits (ISO/IEC 7812-1:2017), 6 still accepted: no field says "first 6 digits"', () => {
    const bins = all.filter((f) => /^(card_)?bin$/.test(f.name));
    expect(bins.length).toBeGreaterThan(4);
    for (const f of bins) {
      expect(f.description, f.route).not.toMatch(/^First 6 digits/);
      expect(f.description, f.route).toMatch(/8/);
      if (f.example !== undefined) expect(f.example, f.route).toMatch(/^\d{8}$/);
    }
  });

  it('card hashes are keyed HMAC-SHA-256 (PCI DSS v4.0 3.5.1.1), never a bare SHA-256 of a test card', () => {
    const text = site.pages.map((p) => p.body + JSON.stringify(p.frontmatter)).join('\n');
    for (const card of site.data.test_cards)
      expect(text).not.toContain(createHash('sha256').update(card.number).digest('hex'));
    const keyed = new Set(
      site.data.test_cards.map((c) => createHmac('sha256', EXAMPLE_HASH_KEY).update(c.number).digest('hex')),
    );
    const hashes = all.filter((f) => /^(card_)?hash$/.test(f.name));
    expect(hashes.length).toBeGreaterThan(3);
    for (const f of hashes) {
      expect(f.description, f.route).toMatch(/HMAC-SHA-256/);
      if (typeof f.example === 'string') expect(keyed.has(f.example), `${f.route} ${f.example}`).toBe(true);
    }
    const inExamples = [...text.matchAll(/(?<![a-z_])"?(?:card_)?hash"?:\s*"?([a-f0-9]{64})/g)].map((m) => m[1]);
    expect(inExamples.length).toBeGreaterThan(0);
    for (const h of inExamples) expect(keyed.has(h), h).toBe(true);
  });
});

describe('method card', () => {
  it('shows the countries a worldwide method excludes', async () => {
    const { countriesText } = await import('../../pipeline/kinds/payment-method/card.ts');
    const bybit = methods.find((p) => p.route === '/services/crypto/bybit')!.frontmatter.method;
    expect(countriesText(bybit)).toBe('Worldwide except United States (US)');
  });
});
