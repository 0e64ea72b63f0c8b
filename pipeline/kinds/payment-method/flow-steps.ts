/**
 * The messages every method's flow is made of (./flow-sequence.ts puts them in order): the
 * create request with the method's service and fields, the create answer with its status and
 * `next_action`, and the final callback with its statuses and failure reason — the values of
 * the page's generated JSON examples (./flow.ts). A step's text is plain text in which
 * backticks mark code.
 */
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import type { JsonValue } from '../../../schema/method-flow.ts';
import { apiIntegration, type FlowExamples } from './flow.ts';

export type Lane = 'customer' | 'merchant' | 'gateway' | 'provider' | 'recipient';
/** One message; a `reply` is drawn dashed. */
export interface FlowStep {
  from: Lane;
  to: Lane;
  text: string;
  reply?: boolean;
}

/** What one method's flow quotes: its data sheet, its generated examples and their values. */
export interface Facts {
  m: PaymentMethod;
  ex: FlowExamples;
  /** The create answer's status. */
  status: string;
  /** The create answer's next_action, as the data sheet gives it. */
  action?: { [key: string]: JsonValue };
  /** The example's amount and currency: "89.90 BRL". */
  money: string;
}

/** Code in a step's text. */
export const c = (text: string) => `\`${text}\``;
export const step = (from: Lane, to: Lane, text: string, reply = false): FlowStep =>
  reply ? { from, to, text, reply } : { from, to, text };

/** "a, b and c" */
export function listOf(items: readonly string[], conjunction = 'and'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** How many of the method's own create fields a step names before it says "and N more". */
const FIELDS_SHOWN = 3;

/**
 * Your server calls `call` (transaction/create) with the service, the integration or direction, and
 * the method's fields.
 */
export function requestStep(m: PaymentMethod, integration: FlowExamples['integration'], call: string): FlowStep {
  const how = m.direction === 'payout' ? c('payment_type: payout') : c(`integration: ${apiIntegration(integration)}`);
  const fields = m.customer_fields.slice(0, FIELDS_SHOWN).map(c);
  if (m.customer_fields.length > FIELDS_SHOWN) fields.push(`${m.customer_fields.length - FIELDS_SHOWN} more`);
  if (m.direction === 'payin' && apiIntegration(integration) === 'hpp') fields.push(c('return_url'));
  return step('merchant', 'gateway', `POST ${c(call)}: ${[c(`service: ${m.service}`), how, ...fields].join(', ')}`);
}

/**
 * The create answer: its status, and the payment page or the next_action's type (the steps after it
 * name its members).
 */
export function answerStep(f: Facts): FlowStep {
  const parts = [c(`status: ${f.status}`)];
  const type = f.action?.type;
  if (apiIntegration(f.ex.integration) === 'hpp') parts.push(c('payment_url'));
  else if (typeof type === 'string') parts.push(c(`next_action: ${type}`));
  return step('gateway', 'merchant', `200 · ${parts.join(', ')}`, true);
}

/** Whether the customer has a deadline (`next_action.expires_at`): the transaction can then expire. */
export const hasDeadline = (f: Facts) => f.action !== undefined && 'expires_at' in f.action;

/** The final callback: success, the failure the data sheet gives, expiry when next_action has a deadline. */
export function callbackStep(f: Facts): FlowStep {
  const failed = f.ex.callbacks.find((cb) => cb.status === 'failed')?.body.failure_reason;
  const outcomes = [c('status: success')];
  if (failed !== undefined) outcomes.push(`${c('failed')} with ${c(`failure_reason: ${String(failed)}`)}`);
  if (hasDeadline(f)) outcomes.push(`${c('expired')} after ${c('expires_at')}`);
  return step('gateway', 'merchant', `Callback: ${listOf(outcomes, 'or')}`);
}

/** The callback and your answer. */
export const ending = (f: Facts): FlowStep[] => [callbackStep(f), step('merchant', 'gateway', 'HTTP 200', true)];

/** The next_action members the customer is shown, in the data sheet's order, and until when. */
export function shown(f: Facts): string {
  const members = Object.keys(f.action ?? {}).filter((k) => k !== 'type' && k !== 'expires_at');
  const until = hasDeadline(f) ? ` until ${c('expires_at')}` : '';
  return `${members.length ? listOf(members.map(c)) : 'the payment details'}${until}`;
}
