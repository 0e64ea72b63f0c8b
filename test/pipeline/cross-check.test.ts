import { describe, expect, it } from 'vitest';
import { crossCheck } from '../../pipeline/content/cross-check.ts';
import { validateContent, type PageSource, type SiteModel } from '../../pipeline/content/validate.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import * as codes from '../../pipeline/sources/index.ts';
import { fixtureRoot } from '../helpers.ts';
import { createStageMemo, memoryStore, type StageMemo } from '../../pipeline/incremental/memo.ts';

const content = await loadContent(fixtureRoot);

/** A fresh fixture site whose pages the test may change in place. */
function site(): SiteModel {
  const s = validateContent(content).site!;
  return { ...s, pages: s.pages.map((p) => ({ ...p, frontmatter: structuredClone(p.frontmatter) })) };
}
const page = (s: SiteModel, route: string): PageSource => s.pages.find((p) => p.route === route)!;
const fm = <K extends PageSource['frontmatter']['kind']>(p: PageSource, _kind: K) =>
  p.frontmatter as Extract<PageSource['frontmatter'], { kind: K }>;
const rules = (s: SiteModel) => crossCheck(s, codes).map((d) => `${d.file} ${d.field} ${d.rule}: ${d.message}`);

describe('cross-check', () => {
  it('finds nothing wrong in the fixture site', () => {
    expect(crossCheck(site(), codes)).toEqual([]);
  });

  it('checks a payment method: ISO codes, limits, minor units, unique service, group folder', () => {
    const s = site();
    const pix = page(s, '/services/pix/payin');
    const m = fm(pix, 'payment-method').method;
    m.countries = ['BR', 'XX'];
    m.currencies = ['BRL', 'ZZZ'];
    m.limits = [{ currency: 'USD', min: '5.0', max: '1.00' }];
    m.group = 'other';
    s.pages.push({
      ...pix,
      route: '/services/pix/copy',
      relFile: 'content/services/pix/copy.md',
      frontmatter: { ...pix.frontmatter, method: { ...m, group: 'pix' } } as never,
    });
    expect(rules(s)).toEqual([
      'content/services/pix/payin.md method.countries[1] iso-country: ' +
        'Expected an ISO 3166-1 alpha-2 country code, found "XX"',
      'content/services/pix/payin.md method.currencies[1] ' +
        'iso-currency: Expected an ISO 4217 currency code, found "ZZZ"',
      'content/services/pix/payin.md method.limits[0].currency method-limits: ' +
        'Expected one of the method\'s currencies (BRL, ZZZ), found "USD"',
      'content/services/pix/payin.md method.limits[0].min amount-minor-units: ' +
        'Expected 2 decimal place(s) for USD (ISO 4217 minor units), found "5.0"',
      'content/services/pix/payin.md method.limits[0] method-limits: Expected min ≤ max, found 5.0 > 1.00',
      'content/services/pix/payin.md method.group method-group: ' +
        'Expected group "pix" (the page\'s folder), found "other"',
      'content/services/pix/copy.md method.countries[1] iso-country: ' +
        'Expected an ISO 3166-1 alpha-2 country code, found "XX"',
      'content/services/pix/copy.md method.currencies[1] iso-currency: Expected an ISO 4217 currency code, found "ZZZ"',
      'content/services/pix/copy.md method.limits[0].currency method-limits: ' +
        'Expected one of the method\'s currencies (BRL, ZZZ), found "USD"',
      'content/services/pix/copy.md method.limits[0].min amount-minor-units: ' +
        'Expected 2 decimal place(s) for USD (ISO 4217 minor units), found "5.0"',
      'content/services/pix/copy.md method.limits[0] method-limits: Expected min ≤ max, found 5.0 > 1.00',
      'content/services/pix/copy.md method.service service-unique: Service ' +
        'identifier "pix_payin_brl" is already used by content/services/pix/payin.md',
    ]);
  });

  it('a payment group needs at least one variant', () => {
    const s = site();
    fm(page(s, '/services/pix'), 'payment-group').group = 'lonely';
    expect(rules(s)).toEqual([
      'content/services/pix/index.md group group-variants: Expected at ' +
        'least one payment-method page with method.group "lonely", found none',
    ]);
  });

  it('checks an API operation: path, version, error codes, examples against formats, enums and fields', () => {
    const s = site();
    const api = fm(page(s, '/api/v2/transaction/create'), 'api-operation').api;
    api.path = '/v2/transaction/make';
    api.version = 'v1';
    api.errors = ['invalid_signature', 'no_such_error'];
    const [service, amount, currency, paymentType, customer] = api.request;
    service.format = 'error-code';
    amount.example = undefined;
    currency.example = 'ZZZ';
    paymentType.example = 'refund';
    customer.fields![0] = { ...customer.fields![0], format: 'country', example: 'XX' };
    api.response[1].example = 'paid';
    api.response.push({
      name: 'reason',
      type: 'string',
      format: 'failure-reason',
      description: 'Why.',
      example: 'no_reason',
    });
    expect(rules(s)).toEqual([
      "content/api/v2/transaction/create.md api.path api-path: Expected the path to match the page's " +
        'route /api/v2/transaction/create, found "/v2/transaction/make" (→ /api/v2/transaction/make)',
      'content/api/v2/transaction/create.md api.version api-version: ' +
        'Expected version "v2" to match the path, found "v1"',
      'content/api/v2/transaction/create.md api.errors[1] api-error-code: Unknown API error code "no_such_error"',
      'content/api/v2/transaction/create.md api.request[0].example ' +
        'api-error-code: Unknown API error code "pix_payin_brl"',
      'content/api/v2/transaction/create.md api.request[1].name ' +
        'api-example-missing: Required parameter "amount" has no example',
      'content/api/v2/transaction/create.md api.request[2].example ' +
        'iso-currency: Expected an ISO 4217 code, found "ZZZ"',
      'content/api/v2/transaction/create.md api.request[4].fields[0].example ' +
        'iso-country: Expected an ISO 3166-1 alpha-2 code, found "XX"',
      'content/api/v2/transaction/create.md api.response[1].example status-code: Unknown transaction status "paid"',
      'content/api/v2/transaction/create.md api.response[3].example failure-reason: Unknown failure reason "no_reason"',
      'content/api/v2/transaction/create.md api.request[3].example api-enum-example: ' +
        'Expected the example to be one of the enum values (payin, payout), found "refund"',
      // As a v1 operation, its success example (a v2 envelope) lacks v1's flat response fields.
      'content/api/v2/transaction/create.md api.examples[0].response ' +
        'api-example-schema: Expected the required field "transaction_id", found none',
      'content/api/v2/transaction/create.md api.examples[0].response ' +
        'api-example-schema: Expected the required field "status", found none',
    ]);
  });
});

describe('cross-check through the stage memo', () => {
  const memoRules = (s: SiteModel, memo: StageMemo) =>
    crossCheck(s, codes, memo).map((d) => `${d.file} ${d.field} ${d.rule}`);
  const computed = (memo: StageMemo) => memo.stats.get('cross-check')?.misses ?? 0;

  it('rechecks only the page whose body changed, all on a frontmatter change; finds what unkept checks find', () => {
    const memo = createStageMemo(memoryStore(), 'test');
    const s = site();
    expect(crossCheck(s, codes, memo)).toEqual([]);
    const all = computed(memo);
    expect(all).toBe(s.pages.length);

    // A body edit: that page's file hash changes, nothing any other page's checks read.
    const pix = page(s, '/services/pix/payin');
    const edited = {
      ...s,
      pages: s.pages.map((p) => (p === pix ? { ...p, hash: 'edited', body: `${p.body}\nMore text.\n` } : p)),
    };
    memo.resetStats();
    expect(crossCheck(edited, codes, memo)).toEqual([]);
    expect(computed(memo)).toBe(1);

    // A frontmatter edit on one page changes what another page's check finds: a group left without variants.
    const regrouped = site();
    const moved = page(regrouped, '/services/pix/payin');
    fm(moved, 'payment-method').method.group = 'other';
    moved.frontmatterHash = 'edited'; // as a changed frontmatter text gives
    memo.resetStats();
    expect(memoRules(regrouped, memo)).toEqual(
      crossCheck(regrouped, codes).map((d) => `${d.file} ${d.field} ${d.rule}`),
    );
    expect(memoRules(regrouped, memo)).toContain('content/services/pix/index.md group group-variants');
    expect(computed(memo)).toBe(s.pages.length);
  });
});
