/**
 * How a sandbox test case (`method.test_data`) fails, from the shared reference data or
 * from the case itself. A test card (content/data/test_cards.yaml) or a sandbox value
 * (content/data/sandbox_values.yaml: the last three digits of the amount's whole part, or
 * of `customer.phone` for payins and `recipient.phone` for payouts) decides the outcome by
 * itself; any other input — a method's own sandbox value such as UPI's
 * `sandbox.unknown@pdtest` — says how it fails through the case's `failure_reason`. The
 * method page's failed callback (./flow.ts) and its checks (./test-data-check.ts) read it here.
 */
import type { LoadedData } from '../../../schema/data.ts';
import type { PaymentMethod, TestCase } from '../../../schema/frontmatter-method.ts';

export interface SandboxRule {
  /** The input that decides the outcome, e.g. `card.number`, `amount`. */
  input: string;
  /** Where the rule is: "test card 4000000000000101", "sandbox value 404". */
  source: string;
  /** The failure reason that input gives, when it gives one. */
  reason?: string;
}

/**
 * The sandbox code an amount or phone number chooses (content/data/sandbox_values.yaml):
 * the last three digits of its whole part, zero-padded ("1404.00" → "404", "5" → "005").
 */
export const sandboxCode = (value: string | number): string =>
  String(value).split('.')[0].replace(/\D/g, '').padStart(3, '0').slice(-3);

/** The test card or sandbox value of a case's input, when it has one. */
export function sandboxRule(t: TestCase, m: PaymentMethod, data: LoadedData): SandboxRule | undefined {
  for (const [input, value] of Object.entries(t.input)) {
    const card = data.test_cards.find((c) => c.number === String(value));
    if (card) return { input, source: `test card ${card.number}`, reason: card.failure_reason };
  }
  const phone = m.direction === 'payin' ? 'customer.phone' : 'recipient.phone';
  for (const input of [phone, 'amount']) {
    if (!(input in t.input)) continue;
    const code = sandboxCode(String(t.input[input]));
    const value = data.sandbox_values.find(
      (v) => v.code === code && (v.applies_to === 'both' || v.applies_to === m.direction),
    );
    if (value) return { input, source: `sandbox value ${value.code}`, reason: value.failure_reason };
  }
  return undefined;
}

/**
 * The failure reason of a failing case: its own, or its test card's or sandbox value's (the check
 * keeps them equal).
 */
export function caseFailureReason(t: TestCase, m: PaymentMethod, data: LoadedData): string | undefined {
  if (t.outcome !== 'failure') return undefined;
  return t.failure_reason ?? sandboxRule(t, m, data)?.reason;
}

/** The failure reason a case's `result` text names ("failed with failure_reason invalid_recipient"). */
export const namedReason = (result: string): string | undefined =>
  result.match(/failure_reason[\s:`]+([a-z][a-z0-9_]*)/)?.[1];

/** The API error code a case's `result` text names ("Rejected at once with error validation_error"). */
export const namedError = (result: string): string | undefined => result.match(/\berror[\s:`]+([a-z][a-z0-9_]*)/i)?.[1];
