/**
 * `payment-method` pages: one payment method (or one variant of a provider group),
 * whose frontmatter is the method's data sheet. The reader renders it as a summary
 * card; group overview pages (`payment-group`) build their comparison table from it.
 */
import { z } from 'zod';
import { commonFields } from './frontmatter-common.ts';
import { amount, countryCode, currencyCode, identifier } from './primitives.ts';
import { methodFlow, returnCodes } from './method-flow.ts';

export const amountLimit = z
  .object({
    currency: currencyCode,
    min: amount,
    max: amount,
  })
  .strict();

export const testCase = z
  .object({
    outcome: z.enum(['success', 'pending', 'failure']),
    /** What to send in the sandbox to get this outcome, e.g. `customer.phone: "+5511999990001"`. */
    input: z.record(z.string(), z.union([z.string(), z.number()])),
    /** What happens: final status, callback, failure reason. */
    result: z.string().min(1),
    /**
     * `outcome: failure` only: the `failure_reason` (content/data/failure_reasons.yaml) the failed
     * transaction gets, when its input is not a test card or a sandbox value that says it already —
     * the method's own sandbox value (`vpa: "sandbox.unknown@pdtest"`). The page's failed callback shows it.
     */
    failure_reason: identifier.optional(),
    /**
     * `outcome: failure` only: the API error code (content/data/api_error_codes.yaml) the input is
     * refused with at once, when no transaction fails.
     */
    error: identifier.optional(),
  })
  .strict();

export const paymentMethod = z
  .object({
    /** Group id: the folder under /services/ (or the page's own slug for single-page methods). */
    group: identifier,
    /** Display name of the method, e.g. "PIX". */
    name: z.string().min(1),
    /** Variant label shown in the group table, e.g. "Payin", "Payout", "Hosted page", "Host-to-host". */
    variant: z.string().min(1),
    /** ISO 3166-1 alpha-2 codes, or "worldwide". */
    countries: z.union([z.literal('worldwide'), z.array(countryCode).min(1)]),
    /** With `worldwide`: where the provider does not serve customers (e.g. Bybit: US). */
    excluded_countries: z.array(countryCode).min(1).optional(),
    currencies: z.array(currencyCode).min(1),
    direction: z.enum(['payin', 'payout']),
    integration: z.array(z.enum(['hpp', 'h2h', 'widget'])).min(1),
    /** Per-transaction limits, one per currency. */
    limits: z.array(amountLimit).min(1),
    /** `transaction/create` fields this method requires beyond the common ones, e.g. `customer.document_id`. */
    customer_fields: z.array(z.string().regex(/^[a-z][a-z0-9_.]*$/)).default([]),
    capture: z.enum(['auto', 'manual']),
    refunds: z.enum(['none', 'full', 'partial']),
    recurring: z.boolean(),
    disputes: z.enum(['none', 'chargebacks', 'disputes']),
    /** When funds reach the merchant's wallet, e.g. "T+1", "instant". */
    settlement: z.string().min(1),
    /** How long the customer-facing part takes, e.g. "seconds", "up to 3 business days". */
    processing_time: z.string().min(1),
    status: z.enum(['live', 'beta', 'deprecated']),
    /** The `service` value to pass in transaction/create. Unique across the site. */
    service: identifier,
    test_data: z.array(testCase).min(1),
    /** What transaction/create returns and what callbacks carry for this method (schema/method-flow.ts). */
    flow: methodFlow.default({ transaction: true }),
    /**
     * The provider's result codes and the failure reasons they become, where the provider has a
     * published list; `iso8583` for card payins (content/data/card_response_codes.yaml).
     */
    return_codes: z.union([z.literal('iso8583'), returnCodes]).optional(),
  })
  .strict();

export const paymentMethodFrontmatter = z
  .object({
    kind: z.literal('payment-method'),
    ...commonFields,
    method: paymentMethod,
  })
  .strict();

/** `payment-group` pages: the overview of a provider or country group under /services/<group>. */
export const paymentGroupFrontmatter = z
  .object({
    kind: z.literal('payment-group'),
    ...commonFields,
    /** The group id its variants declare in `method.group`. */
    group: identifier,
  })
  .strict();

export type PaymentMethod = z.output<typeof paymentMethod>;
export type TestCase = z.output<typeof testCase>;
