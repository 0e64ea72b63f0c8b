/**
 * One sandbox convention (content/data/sandbox_values.yaml): the last three digits of the
 * amount's whole part, or of the customer's or recipient's phone, choose the outcome.
 * Every method page's test data (frontmatter `test_data`) follows it, and the test cards
 * page renders the table (issue 16, "Test against one convention").
 */
import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import { loadSiteModel, pagesOf } from './site-model.ts';

const site = await loadSiteModel();
const values = site.data.sandbox_values;

/** Inputs that decide the outcome by themselves; with one of them the amount is incidental. */
const OWN_INPUTS = new Set([
  'card.number',
  'recipient.card_number',
  'card_token',
  'google_pay.token',
  'google_pay.test_card',
  'recipient.account_number',
  'customer.account_number',
  'customer.document_id',
  'customer.vpa',
  'vpa',
  'blik_code',
  'binance_code.code',
  'customer.email',
  'recipient.email',
  'sms_code',
  'otp',
  'bank',
  'debit_contract.id',
  'debit_contract.periodic.first_charge_at',
  'crypto.address',
  'recipient.country',
  'customer.country',
  'installments',
  'recipient.bank_code',
  'payment_option',
  'customer.wallet_provider',
  'upi_flow',
]);

function expected(code: string, direction: 'payin' | 'payout') {
  return values.find((v) => v.code === code && (v.applies_to === 'both' || v.applies_to === direction));
}

describe('sandbox test values', () => {
  it('the data file has one row per code and failure reasons that exist', () => {
    const reasons = new Set(site.data.failure_reasons.map((r) => r.code));
    for (const v of values) if (v.failure_reason) expect(reasons.has(v.failure_reason), v.code).toBe(true);
    expect(values.length).toBeGreaterThanOrEqual(10);
  });

  it("every method page's test data follows the convention", () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const p of pagesOf(site, 'payment-method')) {
      const m = p.frontmatter.method;
      for (const t of m.test_data) {
        const phoneKey = ['customer.phone', 'recipient.phone'].find((k) => k in t.input);
        const ownInput = Object.keys(t.input).some((k) => OWN_INPUTS.has(k));
        let value: string | undefined;
        if (phoneKey) value = String(t.input[phoneKey]);
        else if ('amount' in t.input && !ownInput) value = String(t.input.amount).split('.')[0];
        if (value === undefined) continue;
        checked++;
        const code = value.slice(-3);
        const rule = expected(code, m.direction);
        const reason = t.result.match(/failure_reason (\w+)/)?.[1];
        const where = `${p.route} ${JSON.stringify(t.input)} → ${t.outcome}${reason ? ` ${reason}` : ''}`;
        if (!rule) {
          // Not a code: the normal path, or what the tester does on the sandbox page — never a failure.
          if (t.outcome === 'failure') wrong.push(`${where}: ${code} is not a code in sandbox_values.yaml`);
          continue;
        }
        // 408: expired, or failed with payment_timeout where a method ends an unanswered request that way.
        const p2pTimeout = code === '408' && reason === 'payment_timeout';
        if (!p2pTimeout && (t.outcome !== rule.outcome || (rule.failure_reason ?? undefined) !== reason)) {
          wrong.push(`${where}: expected ${rule.outcome}${rule.failure_reason ? ` ${rule.failure_reason}` : ''}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });

  it('the test cards page renders the table under "Sandbox test values"', () => {
    const page = site.pages.find((p) => p.route === '/reference/test_cards')!;
    const compiled = compilePage(page, { config: site.config, data: site.data, kinds: { methodCountries: [] } });
    expect(compiled.issues).toEqual([]);
    expect(compiled.toc.map((t) => t.id)).toContain('sandbox-test-values');
    const html = toHtml(compiled.ast as never);
    const section = html.slice(html.indexOf('id="sandbox-test-values"'), html.indexOf('id="all-test-cards"'));
    for (const v of values) expect(section).toContain(`<code>${v.code}</code>`);
  });
});
