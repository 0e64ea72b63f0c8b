/**
 * The integration patterns of the shared diagrams (content/diagrams/*.d2) as lists of steps
 * (./flow-steps.ts) filled with one method's facts: a hosted page or widget, host-to-host by
 * `next_action` type (transaction/create's table of types), cards (`submit_card`: transaction/pay),
 * crypto (`get_crypto_address`), a P2P transfer, a payout, and a check that creates no transaction.
 */
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { flowIntegration } from './flow.ts';
import {
  c,
  ending,
  type Facts,
  type FlowStep,
  hasDeadline,
  requestStep,
  answerStep,
  shown,
  step,
} from './flow-steps.ts';

const CREATE = 'transaction/create';
const choose = (m: PaymentMethod) => step('customer', 'merchant', `Chooses ${m.name}`);
const start = (f: Facts): FlowStep[] => [choose(f.m), requestStep(f.m, f.ex.integration, CREATE), answerStep(f)];
const confirm = step('merchant', 'customer', 'Confirms the order', true);

/**
 * A host-to-host next_action the customer acts on: what your checkout shows, what the customer does,
 * what reaches the gateway.
 */
interface Action {
  /** The provider's lane, under its name. */
  role: string;
  show: (f: Facts) => string;
  act: (f: Facts) => string;
  result: string;
}

export const ACTIONS: Record<string, Action> = {
  qr_code: {
    role: 'bank or wallet app',
    show: (f) => `Shows ${c('qr_data')} as a QR code${f.action?.deep_link ? `, with ${c('deep_link')} on phones` : ''}`,
    act: () => 'Scans it and confirms in the app',
    result: 'Confirmed',
  },
  redirect: {
    role: 'login or approval page',
    show: () => `Sends the browser to ${c('next_action.url')}`,
    act: (f) => `Completes the payment of ${f.money}`,
    result: 'Result',
  },
  wait_for_approval: {
    role: 'bank or wallet app',
    show: (f) => `Shows a waiting screen${hasDeadline(f) ? ` until ${c('expires_at')}` : ''}`,
    act: (f) => `Approves ${f.money} in the app's prompt`,
    result: 'Approved or declined',
  },
  wallet_link: {
    role: 'wallet app',
    show: (f) => `Offers ${shown(f)}`,
    act: (f) => `Opens the wallet and confirms ${f.money}`,
    result: 'Payment',
  },
  voucher: {
    role: 'store, bank or agent',
    show: (f) => `Shows ${shown(f)}`,
    act: (f) => `Pays ${f.money} with the reference`,
    result: 'Payment reported',
  },
  payment_reference: {
    role: "customer's bank",
    show: (f) => `Shows ${shown(f)}`,
    act: (f) => `Transfers ${f.money} with the reference`,
    result: 'Transfer received',
  },
};

/** A host-to-host payin: by its next_action type, or straight to the provider when it has none. */
export function hostToHostSteps(f: Facts): FlowStep[] {
  const raw = f.action?.type;
  const type = typeof raw === 'string' ? raw : undefined;
  if (type === 'submit_card') return cardSteps(f);
  if (type === 'get_crypto_address') return cryptoSteps(f);
  const action = type ? ACTIONS[type] : undefined;
  // No next_action (a debit on a signed contract, a code): nothing for the customer to do now.
  if (!action)
    return [
      requestStep(f.m, f.ex.integration, CREATE),
      answerStep(f),
      step('gateway', 'provider', `Forwards the payment (${f.money})`),
      step('provider', 'gateway', 'Result', true),
      ...ending(f),
    ];
  return [
    ...start(f),
    ...(type === 'wait_for_approval' ? [step('gateway', 'provider', 'Asks the customer to approve')] : []),
    step('merchant', 'customer', action.show(f), true),
    step('customer', 'provider', action.act(f)),
    ...(type === 'redirect' ? [step('provider', 'customer', `Back to your ${c('return_url')}`, true)] : []),
    step('provider', 'gateway', action.result),
    ...ending(f),
    confirm,
  ];
}

/**
 * Cards host-to-host: the card (or a wallet's token, when create names one) goes to transaction/pay;
 * 3-D Secure where the issuer asks.
 */
function cardSteps(f: Facts): FlowStep[] {
  const codes = f.m.return_codes === 'iso8583' ? ' (ISO 8583 code)' : '';
  const token = f.m.customer_fields.find((field) => field.endsWith('.token'));
  return [
    ...start(f),
    step('merchant', 'gateway', `POST ${c('transaction/pay')} with ${token ? c(token) : 'the card and browser data'}`),
    step('customer', 'provider', `Passes 3-D Secure at ${c('next_action.url')} if the issuer asks`),
    step('gateway', 'provider', `Authorizes ${f.money}`),
    step('provider', 'gateway', `Approved or declined${codes}`, true),
    ...ending(f),
    confirm,
  ];
}

/** Crypto: the address for the customer's asset and network, then the coins on the chain. */
function cryptoSteps(f: Facts): FlowStep[] {
  return [
    ...start(f),
    step('merchant', 'gateway', `POST ${c('transaction/get_crypto_address')}`),
    step('gateway', 'merchant', `${c('crypto.address')} and ${c('crypto.amount')}`, true),
    step('merchant', 'customer', 'Shows the address and the amount', true),
    step('customer', 'provider', 'Sends the coins'),
    step('provider', 'gateway', 'Confirmations'),
    ...ending(f),
    confirm,
  ];
}

/** The hosted payment page, or the widget that loads it: the customer pays on the gateway's page. */
export function hostedSteps(f: Facts): FlowStep[] {
  const widget = flowIntegration(f.m) === 'widget';
  return [
    ...start(f),
    step(
      'merchant',
      'customer',
      widget ? `Loads ${c('payment_url')} in the widget` : `303 to ${c('payment_url')}`,
      true,
    ),
    step('customer', 'gateway', widget ? 'Pays in the widget' : 'Pays on the payment page'),
    step('gateway', 'provider', `Forwards the payment (${f.money})`),
    step('provider', 'gateway', 'Result', true),
    ...(widget ? [] : [step('gateway', 'customer', `Back to your ${c('return_url')}`, true)]),
    ...ending(f),
  ];
}

/** A P2P transfer (transaction/p2p/*): requisites, the customer's own transfer, confirm, matching. */
export function p2pSteps(f: Facts): FlowStep[] {
  return [
    ...start(f),
    step('merchant', 'gateway', `POST ${c('transaction/p2p/get_recipient_card')}`),
    step('gateway', 'merchant', `Requisites and deadline, ${c('status: requires_action')}`, true),
    step('merchant', 'customer', `Shows the requisites, exactly ${f.money} and a countdown`, true),
    step('customer', 'provider', `Sends ${f.money} in one transfer`),
    step('customer', 'merchant', 'Taps "I have paid"'),
    step('merchant', 'gateway', `POST ${c('transaction/p2p/confirm')}: ${c('status: pending')}`),
    ...ending(f),
  ];
}

/** A payout: the amount and fee reserved in your wallet, the credit, the result. */
export function payoutSteps(f: Facts): FlowStep[] {
  return [
    requestStep(f.m, f.ex.integration, CREATE),
    step('gateway', 'merchant', `200 · ${c(`status: ${f.status}`)}; amount and fee reserved in your wallet`, true),
    step('gateway', 'provider', `Sends ${f.money}`),
    step('provider', 'recipient', 'Credits the recipient'),
    step('provider', 'gateway', 'Accepted or rejected', true),
    ...ending(f),
  ];
}

/** A service that creates no transaction (`flow.transaction: false`): transaction/validate asks the provider. */
export function checkSteps(m: PaymentMethod): FlowStep[] {
  return [
    step('customer', 'merchant', `Gives ${m.customer_fields.map(c).join(', ') || 'the payment details'}`),
    requestStep(m, flowIntegration(m), 'transaction/validate'),
    step('gateway', 'provider', 'Checks, read-only'),
    step('provider', 'gateway', 'The answer', true),
    step('gateway', 'merchant', '200 · the result: no transaction, no callback', true),
  ];
}
