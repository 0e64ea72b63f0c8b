/**
 * The part of a payment method's data sheet that says what comes back: the
 * `transaction/create` response of its flow, the fields it fills in callbacks and
 * transaction/find, and how the provider's own return codes map to failure reasons.
 * The pipeline generates the method page's response and callback examples from it and
 * checks every name against the shared definitions (transaction/create's response,
 * content/data/transaction_fields.yaml), so an example cannot show a field that is not
 * defined (pipeline/kinds/payment-method/).
 */
import { z } from 'zod';
import { currencyCode, identifier } from './primitives.ts';

const fieldName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case field name such as "provider_reference"');

/** A value as the API returns it: strings, numbers, booleans, and objects or lists of them (`accounts`, `crypto`). */
type Json = string | number | boolean | Json[] | { [key: string]: Json };
const json: z.ZodType<Json> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.array(json), z.record(z.string(), json)]),
);

export const nextActionExample = z
  .object({
    /** A `next_action.type` of transaction/create (`redirect`, `qr_code`, `voucher`, …). */
    type: identifier,
  })
  .catchall(json)
  .meta({
    description:
      'The `next_action` object as the method returns it: `type` and an example ' +
      "value for each member it fills (members of transaction/create's `next_action`).",
  });

export const methodFlow = z
  .object({
    /**
     * `false` for a service that creates no transaction (a check such as Binance Code validation):
     * no response or callback is generated.
     */
    transaction: z.boolean().default(true),
    /** The integration the example shows. Default: `h2h` when the method has it, otherwise its first integration. */
    integration: z.enum(['hpp', 'h2h', 'widget']).optional(),
    /**
     * The example's amount, in `currency` (default: a round amount within the limits). Set it when
     * `next_action` encodes the amount (a PIX QR code, a boleto barcode).
     */
    amount: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'a decimal string such as "10.50"')
      .optional(),
    /** The example's currency, one of the method's (default: the first limit's). */
    currency: currencyCode.optional(),
    /** The example's `order_id`, to continue the page's request example. */
    order_id: z.string().min(1).max(64).optional(),
    /**
     * `status` right after create. Default: `requires_action` with a `next_action` other than
     * `submit_card`, `created` for payins without one, `pending` for payouts.
     */
    status: z.enum(['created', 'requires_action', 'pending']).optional(),
    /**
     * The `next_action` of that integration. Host-to-host payins must declare it; hosted pages get
     * a `redirect` to `payment_url`.
     */
    next_action: nextActionExample.optional(),
    /**
     * Members of transaction/create's response the method fills besides the common ones (PSE:
     * `provider_reference`), with example values.
     */
    response: z.record(fieldName, json).optional(),
    /**
     * Fields of content/data/transaction_fields.yaml the method fills in callbacks and
     * transaction/find, with an example value each.
     */
    callback: z.record(fieldName, json).optional(),
    /**
     * Of `callback`, what a failed transaction's callback still carries — only what the provider had
     * issued before the failure (PSE's CUS from `requires_action`; the coins a crypto payin received),
     * never what comes with success (`beneficiary_name`, a receipt, a `tx_hash` never broadcast).
     * Default: none of them.
     */
    failed_callback: z.record(fieldName, json).optional(),
  })
  .strict()
  .meta({
    description:
      'What transaction/create returns for the method and what its ' +
      "callbacks carry; the page's examples are generated from it.",
  });

export const returnCode = z
  .object({
    /** The provider's code as it sends it, e.g. M-Pesa `1032`, ISO 8583 `05`. */
    code: z.string().min(1),
    /** What the provider says it means. */
    meaning: z.string().min(1),
    /** The `failure_reason` the gateway reports for it (content/data/failure_reasons.yaml). */
    failure_reason: identifier,
  })
  .strict();

export const returnCodes = z
  .object({
    /** What the provider calls its codes, as the table's first column: "M-Pesa result code". */
    label: z.string().min(1),
    codes: z.array(returnCode).min(1),
  })
  .strict()
  .meta({
    description:
      "How the provider's own result codes map to `failure_reason`; `failure_message` repeats the code and its text.",
  });

export type MethodFlow = z.output<typeof methodFlow>;
export type ReturnCodes = z.output<typeof returnCodes>;
export type JsonValue = Json;
