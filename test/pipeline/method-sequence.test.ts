/**
 * A payment method's own flow (pipeline/kinds/payment-method/flow-sequence.ts, drawn by
 * flow-figure.ts): the pattern of its integration told with its provider's name, its service,
 * the status create answers with and its callbacks' statuses and failure reason, from its data
 * sheet — so two methods of different patterns get different flows — and drawn as HTML that
 * says every step in words, with its lanes as classes and no inline style.
 */
import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { methodSequence, type MethodSequence } from '../../pipeline/kinds/payment-method/flow-sequence.ts';
import { flowCaption, flowFigure } from '../../pipeline/kinds/payment-method/flow-figure.ts';
import { paymentMethod, type PaymentMethod } from '../../schema/frontmatter-method.ts';
import { fixtureRoot } from '../helpers.ts';

const site = validateContent(await loadContent(fixtureRoot)).site!;
const pix = site.pages.flatMap((p) => (p.frontmatter.kind === 'payment-method' ? [p.frontmatter.method] : []))[0];
const PAGE = 'https://pay.sandbox.example';

/** The fixture's PIX method with other values: another method of the same data sheet schema. */
const variant = (changes: Record<string, unknown>): PaymentMethod => paymentMethod.parse({ ...pix, ...changes });

const mpesa = variant({
  group: 'kenya',
  name: 'M-Pesa',
  countries: ['KE'],
  currencies: ['KES'],
  limits: [{ currency: 'KES', min: '10.00', max: '150000.00' }],
  customer_fields: ['customer.phone'],
  service: 'mpesa_payin_kes',
  test_data: [
    { outcome: 'success', input: { 'customer.phone': '+254700000000' }, result: 'Status success.' },
    {
      outcome: 'failure',
      input: { 'customer.phone': '+254700000402' },
      result: 'Status failed with failure_reason insufficient_funds.',
      failure_reason: 'insufficient_funds',
    },
  ],
  flow: { integration: 'h2h', next_action: { type: 'wait_for_approval', expires_at: '2025-03-14T09:28:53Z' } },
});

/** Each step as "from → to: text". */
const lines = (seq: MethodSequence) => seq.steps.map((s) => `${s.from} → ${s.to}: ${s.text}`);
/** The index of the first step matching each pattern, in the order given: -1 when one is missing. */
function order(seq: MethodSequence, patterns: RegExp[]): number[] {
  return patterns.map((p) => lines(seq).findIndex((l) => p.test(l)));
}
const figureOf = (seq: MethodSequence): Element =>
  flowFigure(
    seq,
    flowCaption('A method', seq, [], () => {}),
  );

describe("a payment method's own flow", () => {
  const qr = methodSequence(pix, site.data, PAGE);
  const app = methodSequence(mpesa, site.data, PAGE);

  it('a host-to-host QR payin: PIX by name, its service, requires_action with qr_code, the callback, in order', () => {
    expect(qr.lanes.map((l) => l.name)).toEqual(['Customer', 'Your server', 'Gateway', 'PIX']);
    expect(qr.pattern).toBe('host-to-host, `next_action` `qr_code`');
    const steps = order(qr, [
      /^customer → merchant: Chooses PIX$/,
      new RegExp(
        '^merchant → gateway: POST `transaction/create`: `service: pix_payin_brl`, `integration: h2h`, ' +
          '`customer.document_id`$',
      ),
      /^gateway → merchant: 200 · `status: requires_action`, `next_action: qr_code`$/,
      /^merchant → customer: Shows `qr_data` as a QR code$/,
      /^customer → provider: Scans it and confirms in the app$/,
      /^provider → gateway: Confirmed$/,
      /^gateway → merchant: Callback: `status: success`$/,
      /^merchant → gateway: HTTP 200$/,
    ]);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps).not.toContain(-1);
  });

  it('an app-approval payin: M-Pesa by name, its own service, field, failure reason and deadline, in order', () => {
    expect(app.lanes.map((l) => [l.name, l.role])).toContainEqual(['M-Pesa', 'bank or wallet app']);
    const steps = order(app, [
      new RegExp(
        '^merchant → gateway: POST `transaction/create`: `service: mpesa_payin_kes`, `integration: h2h`, ' +
          '`customer.phone`$',
      ),
      /^gateway → merchant: 200 · `status: requires_action`, `next_action: wait_for_approval`$/,
      /^gateway → provider: Asks the customer to approve$/,
      /^merchant → customer: Shows a waiting screen until `expires_at`$/,
      /^customer → provider: Approves \d+\.\d\d KES in the app's prompt$/,
      new RegExp(
        '^gateway → merchant: Callback: `status: success`, `failed` with ' +
          '`failure_reason: insufficient_funds` or `expired` after `expires_at`$',
      ),
    ]);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps).not.toContain(-1);
    expect(lines(app).join('\n')).not.toMatch(/PIX|pix_payin_brl|qr_code/);
  });

  it('a payout: your wallet reserves, the provider credits the recipient, the callback says failed and why', () => {
    const payout = methodSequence(
      variant({
        direction: 'payout',
        integration: ['h2h'],
        service: 'pix_payout_brl',
        test_data: [
          ...pix.test_data,
          {
            outcome: 'failure',
            input: { 'recipient.account_number': 'x' },
            result: 'Failed.',
            failure_reason: 'limit_exceeded',
          },
        ],
        flow: {},
      }),
      site.data,
      PAGE,
    );
    expect(payout.lanes.map((l) => l.name)).toEqual(['Your server', 'Gateway', 'PIX', 'Recipient']);
    expect(lines(payout)).toContain('provider → recipient: Credits the recipient');
    expect(lines(payout)[1]).toMatch(/`status: pending`; amount and fee reserved in your wallet$/);
    expect(lines(payout)).toContain(
      'gateway → merchant: Callback: `status: success` or `failed` with `failure_reason: limit_exceeded`',
    );
  });

  it('draws each step as a list item between its lanes, says who sends it to whom, and has no inline style', () => {
    const figure = figureOf(app);
    const html = toHtml(figure);
    expect(html).not.toMatch(/\sstyle=|<script/);
    const items = (figure.children.find((c) => (c as Element).tagName === 'ol') as Element).children as Element[];
    expect(items).toHaveLength(app.steps.length);
    // gateway (3) → merchant (2): a leftward reply between lanes 2 and 3.
    const answer = items[2];
    expect(answer.properties.className).toEqual(['seq-step', 'seq-a2', 'seq-b3', 'seq-left', 'seq-reply']);
    expect(toString(answer)).toMatch(/^Gateway to Your server: 200 · status: requires_action/);
    expect(figure.properties.className).toContain('seq-n4');
    expect(toHtml(figureOf(qr))).not.toBe(html);
  });

  it('a check that creates no transaction: transaction/validate, no callback', () => {
    const check = methodSequence(variant({ flow: { transaction: false } }), site.data, PAGE);
    expect(lines(check).join('\n')).toMatch(/POST `transaction\/validate`/);
    expect(lines(check).join('\n')).not.toMatch(/Callback/);
  });
});
