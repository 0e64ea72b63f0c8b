/**
 * A payment method's examples of what comes back — the `transaction/create` response
 * of its flow and the callbacks that follow — built from its data sheet
 * (`method.flow`, `limits`, `test_data`, `return_codes`) and the shared definitions:
 * the example values of content/data/transaction_fields.yaml, the sandbox convention
 * of content/data/sandbox_values.yaml and the site's sandbox payment-page host. Names
 * are checked against transaction/create's response and the fields file by the
 * method cross-check, so an example can only show defined fields.
 */
import type { LoadedData } from '../../../schema/data.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import type { JsonValue, ReturnCodes } from '../../../schema/method-flow.ts';
import { caseFailureReason, sandboxCode } from './test-data.ts';

type Obj = { [key: string]: JsonValue };

export interface FlowExamples {
  integration: 'hpp' | 'h2h' | 'widget';
  /** The create response body (`{ success, data }`). */
  response: Obj;
  /** The v2 callback bodies: the success one, then a failed one when the data sheet gives a failure reason. */
  callbacks: { status: string; body: Obj }[];
}

/**
 * The method's return codes with their table label: its own list, or the card issuer codes of
 * content/data/card_response_codes.yaml.
 */
export function returnCodesOf(m: PaymentMethod, data: LoadedData): ReturnCodes | undefined {
  if (m.return_codes === 'iso8583')
    return { label: 'Issuer response code (ISO 8583)', codes: data.card_response_codes };
  return m.return_codes;
}

/**
 * Round amounts tried in order for the example: the first one inside the limits whose last three
 * digits choose no sandbox outcome.
 */
const ROUND = [100, 120, 250, 500, 1000, 1500, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000];

export function exampleAmount(m: PaymentMethod, data: LoadedData): { amount: string; currency: string } {
  const limit = m.limits[0];
  const decimals = limit.min.split('.')[1]?.length ?? 0;
  const codes = new Set(data.sandbox_values.map((v) => v.code));
  const fits = (n: number) =>
    n >= Number(limit.min) && n <= Number(limit.max) && !codes.has(sandboxCode(Math.trunc(n)));
  const value = ROUND.find((n) => n >= Number(limit.min) * 10 && fits(n)) ?? ROUND.find(fits) ?? Number(limit.min);
  return { amount: value.toFixed(decimals), currency: limit.currency };
}

/**
 * The integration the example shows: the declared one, or the method's only one (a method with
 * more must declare it: ./flow-api-check.ts).
 */
export function flowIntegration(m: PaymentMethod): FlowExamples['integration'] {
  return m.flow.integration ?? m.integration[0];
}

/**
 * The `integration` a transaction/create request sends for it: a widget (pay on host, the onramp
 * widget) is the hosted page loaded in the gateway's component, so it is created as `hpp` and
 * answers with the same `payment_url`.
 */
export const apiIntegration = (integration: FlowExamples['integration']): 'hpp' | 'h2h' =>
  integration === 'h2h' ? 'h2h' : 'hpp';

/** The create status of the flow, when the data sheet does not say. */
export function flowStatus(m: PaymentMethod, integration = flowIntegration(m)): string {
  if (m.flow.status) return m.flow.status;
  if (m.direction === 'payout') return 'pending';
  const type = m.flow.next_action?.type;
  return apiIntegration(integration) === 'h2h' && type && type !== 'submit_card' ? 'requires_action' : 'created';
}

const example = (data: LoadedData, name: string): JsonValue =>
  data.transaction_fields.find((f) => f.name === name)?.example ?? '';

/**
 * The failed callback's reason: the data sheet's first return code, else its first failing
 * sandbox case (./test-data.ts: the case's declared `failure_reason`, or its test card's or
 * sandbox value's — the cross-check keeps the two equal).
 * Return codes come first because they carry the provider's own code and text into
 * `failure_message`, which the return-code table below the callback explains. Among the
 * cases, page order and nothing else: the callback shown is the first failing row of the
 * page's sandbox table, so the reader can reproduce it; whether a reason is declared or
 * derived says nothing about which failure is more typical.
 */
function failureExample(m: PaymentMethod, data: LoadedData): { reason: string; message?: string } | undefined {
  // Cards: the most common decline; other methods: the provider's first code.
  const codes = returnCodesOf(m, data)?.codes;
  const code = m.return_codes === 'iso8583' ? codes?.find((c) => c.code === '51') : codes?.[0];
  if (code) return { reason: code.failure_reason, message: `${code.code} ${code.meaning}` };
  for (const t of m.test_data) {
    const reason = caseFailureReason(t, m, data);
    if (reason) return { reason };
  }
  return undefined;
}

export function flowExamples(m: PaymentMethod, data: LoadedData, paymentPage: string): FlowExamples {
  const integration = flowIntegration(m);
  const status = flowStatus(m, integration);
  const { amount, currency } = m.flow.amount
    ? { amount: m.flow.amount, currency: m.flow.currency ?? m.limits[0].currency }
    : exampleAmount(m, data);
  const id = String(example(data, 'transaction_id'));
  const common: Obj = {
    transaction_id: id,
    order_id: m.flow.order_id ?? example(data, 'order_id'),
    payment_type: m.direction,
    service: m.service,
    status,
    amount,
    currency,
  };
  const url = `${paymentPage}/p/${id}`;
  const hosted = apiIntegration(integration) === 'hpp';
  const nextAction: Obj | undefined = m.flow.next_action
    ? { ...m.flow.next_action }
    : hosted
      ? { type: 'redirect', url }
      : undefined;
  const data_: Obj = { ...common, ...(m.flow.response ?? {}) };
  if (hosted) data_.payment_url = url;
  if (nextAction) data_.next_action = nextAction;
  if (typeof nextAction?.expires_at === 'string') data_.expires_at = nextAction.expires_at;
  data_.created_at = example(data, 'created_at');

  // Callbacks list fields in the order of the definitions; the method's own ones in between.
  const callback = (cbStatus: string, extra: Obj): Obj => {
    const values: Obj = {
      ...common,
      point_id: example(data, 'point_id'),
      status: cbStatus,
      ...extra,
      created_at: example(data, 'created_at'),
      updated_at: example(data, 'updated_at'),
    };
    const body: Obj = {};
    for (const f of data.transaction_fields) if (f.name in values) body[f.name] = values[f.name];
    return body;
  };
  const callbacks = [{ status: 'success', body: callback('success', m.flow.callback ?? {}) }];
  const failure = failureExample(m, data);
  if (failure) {
    // A failed transaction carries what the provider issued before it failed, never what comes with
    // success: the data sheet says which (`flow.failed_callback`), since it differs by method
    // (PSE's provider_reference is issued before payment, Kenya's M-Pesa receipt on success).
    callbacks.push({
      status: 'failed',
      body: callback('failed', {
        ...(m.flow.failed_callback ?? {}),
        failure_reason: failure.reason,
        ...(failure.message ? { failure_message: failure.message } : {}),
      }),
    });
  }
  return { integration, response: { success: true, data: data_ }, callbacks };
}
