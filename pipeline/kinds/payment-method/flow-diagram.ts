/**
 * A payment method's own flow as a D2 sequence diagram: the pattern of its integration
 * (hosted page, a host-to-host next_action, a payout) drawn with the method's names —
 * its provider, service, the status create answers with, its next_action and the
 * callbacks' statuses and failure reason — from its data sheet (./flow.ts), with the
 * text alternative in the same words. A pure function of the data sheet and the shared
 * data, so its SVGs can be content-hashed and cached like the other diagrams.
 */
import type { LoadedData } from '../../../schema/data.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { flowExamples } from './flow.ts';

/** One arrow: from, to, label; `reply` arrows are dashed. */
type Step = [from: Actor, to: Actor, label: string, reply?: boolean];
type Actor = 'customer' | 'merchant' | 'gateway' | 'provider';

/** What the customer is shown and does for each next_action type. */
const ACTION: Record<string, { show: string; act: string }> = {
  redirect: { show: 'Open next_action.url', act: 'Logs in and approves' },
  submit_card: { show: 'Card form (submit_card)', act: 'Enters the card, passes 3-D Secure' },
  qr_code: { show: 'Show the QR code (next_action.qr_data)', act: 'Scans and confirms in the app' },
  get_crypto_address: { show: 'Show the address and amount', act: 'Sends the coins' },
  voucher: { show: 'Show the voucher and reference', act: 'Pays in cash with the reference' },
  payment_reference: { show: 'Show the account and reference', act: 'Transfers with the reference' },
  wait_for_approval: { show: 'Ask to approve in the app', act: 'Approves the payment request' },
};
const OTHER_ACTION = { show: 'Show next_action', act: 'Completes the payment' };

export interface MethodFlowDiagram {
  /** The D2 text. */
  source: string;
  /** The text alternative: the same steps in words. */
  description: string;
  title: string;
}

export function methodFlowDiagram(m: PaymentMethod, data: LoadedData, paymentPage: string): MethodFlowDiagram {
  const ex = flowExamples(m, data, paymentPage);
  const created = ex.response.data as { status: string; currency: string; next_action?: { type: string } };
  const failed = ex.callbacks.find((c) => c.status === 'failed')?.body.failure_reason;
  const request = `POST transaction/create (service: ${m.service}, integration: ${ex.integration})`;
  const nextAction = created.next_action ? `, next_action ${created.next_action.type}` : '';
  const answer = `200 · status ${created.status}${nextAction}`;
  const steps: Step[] =
    m.direction === 'payout'
      ? [
          ['merchant', 'gateway', request.replace(', integration: h2h', ', payment_type: payout')],
          ['gateway', 'merchant', answer, true],
          ['gateway', 'provider', `Pays out in ${created.currency}`],
          ['provider', 'gateway', 'Result', true],
        ]
      : [
          ['customer', 'merchant', `Chooses ${m.name}`],
          ['merchant', 'gateway', request],
          ['gateway', 'merchant', answer, true],
          ...customerSteps(ex.integration, created.next_action?.type),
          ['provider', 'gateway', 'Result', true],
        ];
  steps.push(
    ['gateway', 'merchant', `Callback: status success${failed ? ` or failed (${failed})` : ''}`],
    ['merchant', 'gateway', 'HTTP 200', true],
  );
  const names: Record<Actor, string> = {
    customer: 'Customer',
    merchant: 'Your server',
    gateway: 'Gateway',
    provider: m.name,
  };
  const used = (['customer', 'merchant', 'gateway', 'provider'] as const).filter((a) =>
    steps.some(([from, to]) => from === a || to === a),
  );
  const source = [
    'shape: sequence_diagram',
    ...used.map((a) => `${a}: ${JSON.stringify(names[a])}`),
    ...steps.map(
      ([from, to, label, reply]) =>
        `${from} -> ${to}: ${JSON.stringify(label)}${reply ? ' {style.stroke-dash: 3}' : ''}`,
    ),
  ].join('\n');
  const description = steps.map(([from, to, label]) => `${names[from]} to ${names[to]}: ${label}.`).join(' ');
  return { source: `${source}\n`, description, title: `${m.name}: ${m.direction} flow` };
}

function customerSteps(integration: 'hpp' | 'h2h' | 'widget', type: string | undefined): Step[] {
  if (integration !== 'h2h')
    return [
      ['merchant', 'customer', integration === 'hpp' ? 'Redirect to payment_url (303)' : 'Show the widget', true],
      ['customer', 'provider', 'Pays on the page'],
    ];
  const action = (type && ACTION[type]) || OTHER_ACTION;
  return [
    ['merchant', 'customer', action.show, true],
    ['customer', 'provider', action.act],
  ];
}
