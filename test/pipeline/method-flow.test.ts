/**
 * A payment method's generated response and callbacks (pipeline/kinds/payment-method/flow*.ts)
 * and the check that a method page names only defined fields
 * (pipeline/kinds/payment-method/fields-check.ts): `undefined-field`, `field-filled-by`, `method-flow`.
 */
import { describe, expect, it } from 'vitest';
import { toString } from 'hast-util-to-string';
import type { Element } from 'hast';
import type { Diagnostic } from '../../pipeline/diagnostics.ts';
import {
  codeBlocksJson as blocks,
  compiledPix,
  crossCheckProblems,
  lineOf,
  PIX,
  PIX_TEXT as original,
  validSite,
} from './pix-page.ts';

async function problems(edit: Record<string, string>): Promise<Diagnostic[]> {
  return crossCheckProblems(await validSite(edit));
}

/**
 * The fixture's PIX page with its `flow:` block replaced (showing host-to-host unless it names an
 * integration: the method has two), and prose appended.
 */
const pix = (flow: string, prose = '') =>
  original
    .replace(
      / {2}flow:\n(?: {4}.*\n)+/,
      /integration:/.test(flow) ? flow : flow.replace('  flow:\n', '  flow:\n    integration: h2h\n'),
    )
    .replace(/\n*$/, `\n${prose}\n`);

describe('a method page names only defined fields', () => {
  it('the fixture passes', async () => {
    expect(await problems({})).toEqual([]);
  });

  it('a callbacks-section field no definition has: file, line, field, expected [undefined-field]', async () => {
    const text = pix(
      original.match(/ {2}flow:\n(?: {4}.*\n)+/)![0],
      "## Statuses and callbacks\n\nOn success `provider_receipt` holds the bank's receipt.",
    );
    const d = await problems({ [PIX]: text });
    expect(d).toEqual([
      expect.objectContaining({
        file: PIX,
        line: lineOf(text, 'provider_receipt'),
        field: 'provider_receipt',
        rule: 'undefined-field',
      }),
    ]);
    expect(d[0].message).toMatch(/^Expected a field defined in .*found `provider_receipt`$/);
  });

  it('outside that section, only a sentence about callbacks or transaction/find names a field', async () => {
    const text = pix(
      original.match(/ {2}flow:\n(?: {4}.*\n)+/)![0],
      'Send `customer.tax_code` with the request. The callback carries `payer_bank`.',
    );
    expect((await problems({ [PIX]: text })).map((d) => d.field)).toEqual(['payer_bank']);
  });

  it('values (statuses, failure reasons, next_action types) and fenced code are not fields', async () => {
    const text = pix(
      original.match(/ {2}flow:\n(?: {4}.*\n)+/)![0],
      '## Statuses and callbacks\n\n' +
        'A callback follows `requires_action`, then `success` or `failed` with `insufficient_funds`; see ' +
        '`qr_code`.\n\n```json\n{"not_a_field": 1}\n```',
    );
    expect(await problems({ [PIX]: text })).toEqual([]);
  });

  it('flow, response, callback fields undefined [undefined-field]; one filled_by lacks [field-filled-by]', async () => {
    const text = pix(
      '  flow:\n    next_action: { type: qr_code, qr_code_text: "x" }\n    response: { bank_slip: "x" }\n' +
        '    callback: { payer_bank: "x", failure_reason: do_not_honor }\n',
    );
    const d = await problems({
      [PIX]: text,
      'content/data/transaction_fields.yaml':
        '- { name: failure_reason, type: string, always: false, description: "Why.", filled_by: [/services/other] }\n',
    });
    expect(d.map((x) => [x.field, x.rule, x.line])).toEqual([
      ['method.flow.next_action.qr_code_text', 'undefined-field', lineOf(text, 'qr_code_text')],
      ['method.flow.response.bank_slip', 'undefined-field', lineOf(text, 'bank_slip')],
      ['method.flow.callback.payer_bank', 'undefined-field', lineOf(text, 'payer_bank')],
      ['method.flow.callback.failure_reason', 'field-filled-by', lineOf(text, 'payer_bank')],
    ]);
    expect(d[0].message).toBe(
      'Expected a member of next_action defined in transaction/create\'s response, found "qr_code_text"',
    );
  });

  it('a next_action type create does not define [undefined-field]; h2h payin without one [method-flow]', async () => {
    expect(
      (await problems({ [PIX]: pix('  flow:\n    next_action: { type: push_notification }\n') })).map((d) => [
        d.field,
        d.rule,
      ]),
    ).toEqual([['method.flow.next_action.type', 'undefined-field']]);
    expect((await problems({ [PIX]: pix('  flow:\n    integration: h2h\n') })).map((d) => [d.field, d.rule])).toEqual([
      ['method.flow', 'method-flow'],
    ]);
  });

  it('amount off-limits or a sandbox failure [method-flow]; return code, unknown reason [failure-reason]', async () => {
    const text = pix(
      '  flow:\n    amount: "90000.00"\n    next_action: { type: qr_code }\n  return_codes:\n' +
        '    label: Bank code\n    codes:\n' +
        '      - { code: "51", meaning: "Insufficient funds", failure_reason: no_money }\n',
    );
    expect((await problems({ [PIX]: text })).map((d) => [d.field, d.rule])).toEqual([
      ['method.return_codes.codes[0].failure_reason', 'failure-reason'],
      ['method.flow.amount', 'method-flow'],
    ]);
    const sandbox =
      '- { code: "402", applies_to: payin, outcome: failure, failure_reason: insufficient_funds, description: ' +
      '"Fails." }\n';
    const d = await problems({
      [PIX]: pix('  flow:\n    amount: "402.00"\n    next_action: { type: qr_code }\n'),
      'content/data/sandbox_values.yaml': sandbox,
    });
    expect(d.map((x) => x.message)).toEqual([
      'Expected an amount that succeeds in the sandbox ' +
        '(content/data/sandbox_values.yaml), found "402.00" (402 chooses another outcome)',
    ]);
  });
});

describe('the generated response and callbacks', () => {
  const compiled = async (edit: Record<string, string>) => compiledPix(await validSite(edit));

  it("show create's response with the method's next_action, and callbacks, from data sheet, definitions", async () => {
    const page = await compiled({
      [PIX]: pix(
        '  flow:\n    amount: "89.90"\n    next_action: { type: qr_code, qr_data: "000201-fixture" }\n',
        '## Statuses and callbacks\n\nA callback follows.\n\n::method-flow',
      ),
    });
    const heading = (page.ast.children as Element[]).find((n) => n.properties?.id === 'response-and-callback');
    expect(heading && toString(heading)).toMatch(/^Response and callback/);
    const [response, success] = blocks(page.ast);
    expect(response).toEqual({
      success: true,
      data: expect.objectContaining({
        service: 'pix_payin_brl',
        status: 'requires_action',
        amount: '89.90',
        currency: 'BRL',
        next_action: { type: 'qr_code', qr_data: '000201-fixture' },
      }),
    });
    // Callback fields come in the definitions' order, with their example values.
    expect(Object.keys(success)).toEqual(['transaction_id', 'status', 'amount', 'currency']);
    expect(success).toMatchObject({ status: 'success', amount: '89.90' });
  });

  it('a failed callback and return-code table come from return_codes; hpp-only redirects to payment_url', async () => {
    const page = await compiled({
      [PIX]: pix(
        '  flow:\n    integration: hpp\n  return_codes:\n    label: Bank code\n    codes:\n' +
          '      - { code: "51", meaning: "Insufficient funds", failure_reason: insufficient_funds }\n',
      ),
    });
    const [response, , failed] = blocks(page.ast);
    expect(response.data).toMatchObject({
      status: 'created',
      payment_url: expect.stringMatching(/\/p\/tr_/),
      next_action: { type: 'redirect', url: response.data.payment_url },
    });
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    const table = toString({ type: 'root', children: page.ast.children } as never);
    expect(table).toContain('Bank code');
    expect(table).toContain('Insufficient funds');
  });

  it('failed callback: only the `callback` fields `failed_callback` keeps; none by default or on success', async () => {
    const fields = [
      '- { name: transaction_id, type: string, always: true, ' +
        'description: "Gateway id.", example: "tr_01HV6ZK3N4C8W9" }',
      '- { name: status, type: string, always: true, description: "Status.", example: success }',
      '- { name: failure_reason, type: string, always: false, description: "With `failed`: why." }',
      '- { name: provider_reference, type: string, always: false, ' +
        'description: "From requires_action.", filled_by: [/services/pix/payin] }',
      '- { name: beneficiary_name, type: string, always: false, ' +
        'description: "With success.", filled_by: [/services/pix/payin] }',
      '- { name: crypto, type: object, always: false, description: "On-chain.", ' +
        'members: [asset, tx_hash], filled_by: [/services/pix/payin] }',
    ].join('\n');
    const codes =
      '  return_codes:\n    label: Bank code\n    codes:\n' +
      '      - { code: "51", meaning: "Insufficient funds", failure_reason: insufficient_funds }\n';
    const callback =
      '    callback: { provider_reference: "E123", beneficiary_name: "ANA SOUZA", crypto: { asset: USDT, ' +
      'tx_hash: "ab12" } }\n';
    const byDefault = await compiled({
      [PIX]: pix(`  flow:\n    next_action: { type: qr_code }\n${callback}${codes}`),
      'content/data/transaction_fields.yaml': fields,
    });
    const [, success, failed] = blocks(byDefault.ast);
    expect(success).toMatchObject({
      provider_reference: 'E123',
      beneficiary_name: 'ANA SOUZA',
      crypto: { tx_hash: 'ab12' },
    });
    expect(Object.keys(failed)).toEqual(['transaction_id', 'status', 'failure_reason']);
    const kept = await compiled({
      [PIX]: pix(
        `  flow:\n    next_action: { type: qr_code }\n${callback}    failed_callback: ` +
          `{ provider_reference: "E123", crypto: { asset: USDT } }\n${codes}`,
      ),
      'content/data/transaction_fields.yaml': fields,
    });
    expect(blocks(kept.ast)[2]).toEqual({
      transaction_id: 'tr_01HV6ZK3N4C8W9',
      status: 'failed',
      failure_reason: 'insufficient_funds',
      provider_reference: 'E123',
      crypto: { asset: 'USDT' },
    });
  });

  it('`failed_callback` names only what `callback` fills [method-flow]', async () => {
    const text = pix(
      '  flow:\n    next_action: { type: qr_code }\n    callback: { crypto: { asset: USDT } }\n' +
        '    failed_callback: { crypto: { asset: USDT, tx_hash: "ab12" }, provider_reference: "E123" }\n',
    );
    const d = await problems({
      [PIX]: text,
      'content/data/transaction_fields.yaml':
        '- { name: crypto, type: object, always: false, description: "On-chain.", members: [asset, tx_hash], ' +
        'filled_by: [/services/pix/payin] }\n' +
        '- { name: provider_reference, type: string, always: false, description: "Ref." }\n',
    });
    expect(d.map((x) => [x.field, x.rule, x.message])).toEqual([
      [
        'method.flow.failed_callback.crypto.tx_hash',
        'method-flow',
        'Expected a member of method.flow.callback.crypto (asset), found "tx_hash"',
      ],
      [
        'method.flow.failed_callback.provider_reference',
        'method-flow',
        'Expected a field of method.flow.callback (crypto), found "provider_reference"',
      ],
    ]);
  });

  it('a card method with `return_codes: iso8583` shows the issuer codes, and fails its example with 51', async () => {
    const page = await compiled({
      [PIX]: pix('  flow:\n    next_action: { type: qr_code }\n  return_codes: iso8583\n'),
      'content/data/card_response_codes.yaml':
        '- { code: "05", meaning: "Do not honor", failure_reason: do_not_honor }\n' +
        '- { code: "51", meaning: "Insufficient funds", failure_reason: insufficient_funds }\n',
    });
    const [, , failed] = blocks(page.ast);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    const text = toString({ type: 'root', children: page.ast.children } as never);
    expect(text).toContain('Issuer response code (ISO 8583)');
    expect(text).toContain('Do not honor');
  });
});
