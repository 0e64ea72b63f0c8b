/**
 * Identifier examples on the real site pass their own check digits (issue 16, "Trust the
 * examples"). The check itself is a build stage (pipeline/identifiers/, rules
 * `example-*`, tested on broken values in test/pipeline/identifier-examples.test.ts);
 * here it runs over the site, and each kind is shown to find examples at all, so a
 * pattern that stopped matching cannot pass silently.
 */
import { describe, expect, it } from 'vitest';
import { checkIdentifierExamples, identifierExamples } from '../../pipeline/identifiers/examples.ts';
import { loadSiteModel } from './site-model.ts';

const site = await loadSiteModel();
const examples = site.pages.flatMap((p) => identifierExamples(p).map((e) => ({ route: p.route, ...e })));
const count = (kind: string) => new Set(examples.filter((e) => e.shape.kind === kind).map((e) => e.value)).size;

describe('identifier examples on the site', () => {
  it('every one passes its check', () => {
    expect(
      site.pages.flatMap(checkIdentifierExamples).map((d) => `${d.file}:${d.line} ${d.message} [${d.rule}]`),
    ).toEqual([]);
  });

  it.each([
    ['iban', 10],
    ['clabe', 2],
    ['cbu', 2],
    ['cci', 4],
    ['cpf', 3],
    ['cnpj', 1],
    ['card', 10],
    ['phone', 50],
    ['tron', 4],
    ['ton', 2],
    ['nif', 1],
    ['cuit', 2],
    ['vat', 1],
  ] as const)('finds %s examples (at least %i distinct)', (kind, atLeast) => {
    expect(count(kind)).toBeGreaterThanOrEqual(atLeast);
  });
});

describe('identifier examples by field', () => {
  it("a card number is checked by its field's name, in a response field and a response example", () => {
    const fields = examples
      .filter((e) => e.route === '/api/v1/transaction/p2p/get_recipient_card' && e.shape.kind === 'card')
      .map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['api.response[5].example', 'api.examples[0].response.recipient_card_number']),
    );
  });
});

describe('Bre-B keys', () => {
  it('every Bre-B key example names its key type', () => {
    const page = site.pages.find((p) => p.route === '/services/colombia/bre_b_payout')!;
    const fm = page.frontmatter as Extract<typeof page.frontmatter, { kind: 'payment-method' }>;
    for (const t of fm.method.test_data)
      if ('recipient.account_number' in t.input)
        expect(t.input['recipient.account_type'], JSON.stringify(t.input)).toBeDefined();
    for (const block of page.body.matchAll(/```json\n([\s\S]*?)```/g)) {
      const recipient = JSON.parse(block[1]).recipient;
      if (recipient?.account_number)
        expect(recipient.account_type).toMatch(/^(id_document|mobile|email|alphanumeric|merchant_code)$/);
    }
    for (const p of site.pages.filter((q) => q.route.startsWith('/services/colombia'))) {
      for (const row of p.body.split('\n').filter((l) => /^\| (ID|Mobile|E-mail|Alphanumeric|Merchant)/.test(l)))
        expect(row, p.route).toMatch(/`(id_document|mobile|email|alphanumeric|merchant_code)`/);
    }
  });
});
