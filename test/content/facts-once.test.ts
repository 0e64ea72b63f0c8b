/**
 * A fact is written once (issue 55): a method page's sandbox cases only in `test_data`
 * [repeated-test-data], its generated response for a declared integration [method-integration]
 * that agrees with transaction/create's examples [method-flow-api], and the operations that copy
 * create's request [shared-request]. Each rule is run on the real
 * site (it passes) and on the content as it was before (it fails).
 */
import { describe, expect, it } from 'vitest';
import type { LoadedData } from '../../schema/data.ts';
import type { PaymentMethod } from '../../schema/frontmatter-method.ts';
import { crossCheckMethod } from '../../pipeline/kinds/payment-method/cross-check.ts';
import { flowExamples } from '../../pipeline/kinds/payment-method/flow.ts';
import { REFUND_LINKS } from '../../pipeline/kinds/payment-method/refunds.ts';
import { checkSharedDefinitions } from '../../pipeline/kinds/api-operation/shared-request.ts';
import * as codes from '../../pipeline/sources/index.ts';
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import { toString } from 'hast-util-to-string';
import type { Root } from 'hast';
import { loadSiteModel, pagesOf, type PageOf } from './site-model.ts';

const site = await loadSiteModel();
const methods = pagesOf(site, 'payment-method');
const page = (route: string) => methods.find((p) => p.route === route)!;
const rules = (p: PageOf<'payment-method'>) => crossCheckMethod(p, site, codes).map((d) => d.rule);

/** The page with its body or data sheet changed, as the check sees it. */
function edited(route: string, edit: { body?: string; method?: (m: PaymentMethod) => PaymentMethod }) {
  const p = page(route);
  const method = edit.method ? edit.method(structuredClone(p.frontmatter.method)) : p.frontmatter.method;
  return { ...p, body: edit.body ?? p.body, frontmatter: { ...p.frontmatter, method } };
}

describe('sandbox cases are written once, in test_data [repeated-test-data]', () => {
  it('no method page repeats its test_data in the body', () => {
    for (const p of methods)
      expect(
        rules(p).filter((r) => r === 'repeated-test-data'),
        p.route,
      ).toEqual([]);
  });

  it('names the table of pix/payout as it was (with the 503.00 row test_data lacked): file, line, what to do', () => {
    const old = [
      '## Test in the sandbox',
      '',
      'The last three digits of the whole part of `amount` choose the outcome:',
      '',
      '| `amount` | Result |',
      '|---|---|',
      '| any other, e.g. `"250.00"` | :status[success] within 5 seconds. |',
      '| `"404.00"` | Key not found: :status[failed] with :reason[invalid_recipient]. |',
      '| `"413.00"` | :status[failed] with :reason[recipient_limit_exceeded]. |',
      '| `"503.00"` | :status[failed] with :reason[provider_unavailable]. |',
    ].join('\n');
    const p = page('/services/pix/payout');
    const body = `${p.body}\n${old}\n`;
    const d = crossCheckMethod(edited(p.route, { body }), site, codes).filter((x) => x.rule === 'repeated-test-data');
    expect(d).toEqual([
      expect.objectContaining({
        file: 'content/services/pix/payout.md',
        line: p.bodyLine + body.split('\n').indexOf('| `amount` | Result |'),
        message: expect.stringContaining('found a table repeating 4 of them'),
        hint: expect.stringContaining('move a row that method.test_data lacks'),
      }),
    ]);
  });

  it('a list counts as well; a table of other values does not', () => {
    const p = page('/services/kenya/payout');
    const list = '\n- `+254700000001`: success.\n- `+254700000404`: invalid_recipient.\n';
    const other = '\n| prefix | wallet |\n|---|---|\n| `+25470` | Safaricom |\n| `+25473` | Airtel |\n';
    expect(rules(edited(p.route, { body: p.body + list }))).toContain('repeated-test-data');
    expect(rules(edited(p.route, { body: p.body + other }))).not.toContain('repeated-test-data');
  });
});

describe('the generated response follows the integration and the API [method-integration] [method-flow-api]', () => {
  it('every method with more than one integration declares the one its response shows', () => {
    for (const p of methods) {
      const m = p.frontmatter.method;
      if (m.integration.length > 1 && m.flow.transaction) expect(m.flow.integration, p.route).toBeDefined();
    }
  });

  it('acquiring_form without flow.integration is a named error at method.integration', () => {
    const p = edited('/services/acquiring_form', {
      method: (m) => ({ ...m, flow: { ...m.flow, integration: undefined } }),
    });
    const d = crossCheckMethod(p, site, codes).filter((x) => x.rule === 'method-integration');
    expect(d).toEqual([
      expect.objectContaining({
        field: 'method.integration',
        line: p.lineOf(['method', 'integration']),
        message: expect.stringContaining('the method supports hpp, h2h'),
      }),
    ]);
  });

  it("acquiring_form as it was (host-to-host with a redirect) contradicts create's submit_card example", () => {
    const p = edited('/services/acquiring_form', {
      method: (m) => ({
        ...m,
        flow: {
          ...m.flow,
          integration: 'h2h',
          status: 'created',
          next_action: { type: 'redirect', url: 'https://x.example' },
        },
      }),
    });
    const d = crossCheckMethod(p, site, codes).filter((x) => x.rule === 'method-flow-api');
    expect(d.map((x) => x.message)).toEqual([
      expect.stringMatching(/next_action submit_card, as .* "Host-to-host card payin" has, found redirect/),
    ]);
    expect(rules(page('/services/acquiring_form'))).not.toContain('method-flow-api');
  });

  it('a hosted-page response with another next_action than a redirect to payment_url is refused', () => {
    const p = edited('/services/acquiring_form', {
      method: (m) => ({ ...m, flow: { ...m.flow, next_action: { type: 'qr_code', qr_data: 'x' } } }),
    });
    expect(rules(p)).toContain('method-flow-api');
  });

  it('a widget (onramp_widget, pay_on_host) answers with the payment_url its page embeds', () => {
    for (const route of ['/services/onramp_widget', '/services/pay_on_host']) {
      const data = flowExamples(page(route).frontmatter.method, site.data as LoadedData, 'https://pay.example').response
        .data as Record<string, unknown>;
      expect(data.payment_url, route).toMatch(/^https:\/\/pay\.example\/p\//);
      expect(page(route).body, route).toMatch(/payment_url/);
    }
  });
});

describe('transaction/validate and API v1 take the request of v2 transaction/create [shared-request]', () => {
  const CREATE = '/api/v2/transaction/create';
  const copies = ['/api/v2/transaction/validate', '/api/v1/transaction/create', '/api/v1/transaction/validate'];
  const ops = pagesOf(site, 'api-operation');
  const check = (s: typeof site) =>
    pagesOf(s, 'api-operation')
      .filter((p) => copies.includes(p.route))
      .flatMap((p) => checkSharedDefinitions(p, s));

  it('the three copies agree with create on the real site', () => {
    expect(check(site)).toEqual([]);
  });

  it('a field added to create alone names each page that lacks it and the file to copy from', () => {
    const create = ops.find((p) => p.route === CREATE)!;
    const api = structuredClone(create.frontmatter.api);
    api.request
      .find((f) => f.name === 'customer')!
      .fields!.push({
        name: 'nickname',
        type: 'string',
        required: false,
        description: 'A new field.',
      } as (typeof api.request)[number]);
    const edited = { ...create, frontmatter: { ...create.frontmatter, api } };
    const d = check({ ...site, pages: site.pages.map((p) => (p === create ? edited : p)) });
    expect(d.map((x) => [x.file, x.message])).toEqual([
      ['content/api/v1/transaction/create.md', expect.stringContaining('request field `customer_nickname`')],
      ['content/api/v1/transaction/validate.md', expect.stringContaining('request field `customer_nickname`')],
      ['content/api/v2/transaction/validate.md', expect.stringContaining('request field `customer.nickname`')],
    ]);
    expect(d[0].hint).toBe(
      'Copy its definition from content/api/v2/transaction/create.md with the name flattened by `_` (API v1).',
    );
  });

  it("v1 create returns create's quote, flattened (it lacked it)", () => {
    const v1 = ops.find((p) => p.route === '/api/v1/transaction/create')!;
    const api = structuredClone(v1.frontmatter.api);
    api.response = api.response.filter((f) => !f.name.startsWith('quote_'));
    const d = checkSharedDefinitions({ ...v1, frontmatter: { ...v1.frontmatter, api } }, site);
    expect(d.map((x) => x.message)).toContain(
      'Expected response field `quote_rate`, as content/api/v2/transaction/create.md defines it, found none',
    );
  });
});

describe('how a refund is made is defined once and printed on every refundable method page [refunds-part]', () => {
  const refundable = methods.filter((p) => p.frontmatter.method.refunds !== 'none');
  const compiled = (p: PageOf<'payment-method'>) =>
    compilePage(
      {
        route: p.route,
        relFile: p.relFile,
        hash: p.hash,
        frontmatter: p.frontmatter,
        body: p.body,
        bodyLine: p.bodyLine,
      },
      { config: site.config, data: site.data, kinds: { methodCountries: [] } },
    ).ast as Root;

  it('each row of content/data/refunds.yaml names defined statuses and callback fields', () => {
    const statuses = new Set(site.data.transaction_statuses.map((s) => s.code));
    const fields = new Set(site.data.transaction_fields.map((f) => f.name));
    expect(site.data.refunds.map((r) => r.refunds).sort()).toEqual(['full', 'partial']);
    for (const r of site.data.refunds) {
      for (const s of r.statuses) expect(statuses.has(s), s).toBe(true);
      for (const f of r.fields) expect(fields.has(f), f).toBe(true);
    }
  });

  it('all refundable pages (0 without it) print the row of their refunds value, with the callback it sends', () => {
    expect(refundable.length).toBeGreaterThan(50);
    for (const route of Object.values(REFUND_LINKS)) expect(site.pages.map((x) => x.route)).toContain(route);
    const without = refundable.filter((p) => {
      const text = toString(compiled(p));
      const rule = site.data.refunds.find((r) => r.refunds === p.frontmatter.method.refunds)!;
      return !text.includes('How to refund.') || !rule.statuses.every((s) => text.includes(`status ${s}`));
    });
    expect(without.map((p) => p.route)).toEqual([]);
  });

  it('a refundable page without ::refunds, or a row missing from the data, is a named error at method.refunds', () => {
    const p = page('/services/pix/payin');
    const d = crossCheckMethod(edited(p.route, { body: p.body.replace('::refunds', '') }), site, codes).filter(
      (x) => x.rule === 'refunds-part',
    );
    expect(d).toEqual([expect.objectContaining({ field: 'method.refunds', line: p.lineOf(['method', 'refunds']) })]);
    const noRow = { ...site, data: { ...site.data, refunds: [] } };
    expect(crossCheckMethod(p, noRow, codes).map((x) => x.message)).toContain(
      'Expected a row for refunds: partial in content/data/refunds.yaml, found none',
    );
  });
});

describe("code meanings are the code table's", () => {
  it('every failure_message example that starts with an issuer response code repeats its meaning', () => {
    const meaning = new Map(site.data.card_response_codes.map((c) => [c.code, `${c.code} ${c.meaning}`]));
    const wrong: string[] = [];
    const walk = (v: unknown, where: string): void => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, where));
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          const code = typeof x === 'string' ? x.match(/^([0-9A-Z]{2}) /)?.[1] : undefined;
          if (k === 'failure_message' && code && meaning.has(code) && x !== meaning.get(code))
            wrong.push(`${where}: ${x}`);
          else if (
            k === 'example' &&
            (v as { name?: string }).name === 'failure_message' &&
            code &&
            meaning.has(code) &&
            x !== meaning.get(code)
          )
            wrong.push(`${where}: ${x}`);
          else walk(x, where);
        }
    };
    for (const p of site.pages) walk(p.frontmatter, p.relFile);
    expect(wrong).toEqual([]);
  });
});
