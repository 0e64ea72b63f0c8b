/**
 * Gateway-specific data files under content/data/. Each is defined once and used by
 * both the reference pages (rendered as tables) and the API / method pages
 * (validated references, `:status[...]`-style inline mentions).
 * File name → schema: see `dataFiles` below.
 */
import { z } from 'zod';
import { countryCode, identifier, route } from './primitives.ts';
import { release, type Release } from './releases.ts';

export const transactionStatus = z
  .object({
    code: identifier.meta({ description: 'The value of `status` in API responses and callbacks.' }),
    label: z.string().min(1).meta({ description: 'Short human label.' }),
    description: z.string().min(1).meta({ description: 'What the status means.' }),
    final: z.boolean().meta({ description: 'No further transition is possible.' }),
    transitions: z.array(identifier).meta({ description: 'Statuses this one can move to.' }),
    callback: z.boolean().meta({ description: 'A callback is sent when a transaction enters this status.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/transaction_statuses.yaml: a transaction status.' });

export const apiErrorCode = z
  .object({
    code: identifier.meta({
      description: 'The value of `error.code` in the response envelope, e.g. "invalid_signature".',
    }),
    number: z
      .number()
      .int()
      .min(1000)
      .max(9999)
      .meta({ description: 'Numeric code (`error.number`) kept for API v1 clients.' }),
    http_status: z.number().int().min(400).max(599).meta({ description: 'HTTP status of the response.' }),
    description: z.string().min(1).meta({ description: 'What went wrong.' }),
    retryable: z.boolean().meta({ description: 'Whether repeating the same request can succeed later.' }),
    resolution: z.string().min(1).meta({ description: 'What the integrator should do.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/api_error_codes.yaml: an API error code.' });

export const failureReason = z
  .object({
    code: identifier.meta({ description: 'The value of `failure_reason` on a failed or declined transaction.' }),
    description: z.string().min(1).meta({ description: 'What happened.' }),
    party: z.enum(['customer', 'merchant', 'issuer', 'provider', 'gateway']).meta({ description: 'Who can fix it.' }),
    retryable: z.boolean().meta({ description: 'Whether the customer may retry with the same method.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/failure_reasons.yaml: why a transaction failed.' });

export const testCard = z
  .object({
    number: z
      .string()
      .regex(/^\d{12,19}$/)
      .meta({ description: 'Digits only; must pass the Luhn check.' }),
    brand: z.enum(['visa', 'mastercard', 'mir', 'amex', 'unionpay', 'maestro']).meta({ description: 'Card brand.' }),
    outcome: z
      .enum(['success', '3ds_challenge', '3ds_frictionless', 'decline', 'pending'])
      .meta({ description: 'What the sandbox does with this card.' }),
    failure_reason: identifier
      .optional()
      .meta({ description: 'For declines: the failure reason code (content/data/failure_reasons.yaml).' }),
    description: z.string().min(1).meta({ description: 'What to expect when paying with it.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/test_cards.yaml: a sandbox test card.' });

export const cryptoAsset = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,10}$/)
      .meta({ description: 'Ticker passed as `currency`, e.g. "USDT".' }),
    name: z.string().min(1).meta({ description: 'Name of the asset.' }),
    networks: z
      .array(
        z
          .object({
            code: z
              .string()
              .regex(/^[A-Z0-9_]{2,20}$/)
              .meta({ description: 'Network id passed as `network`, e.g. "TRC20".' }),
            name: z.string().min(1).meta({ description: 'Name of the network.' }),
            decimals: z
              .number()
              .int()
              .min(0)
              .max(18)
              .meta({ description: 'Decimal places the gateway accepts for this asset on this network.' }),
            confirmations: z
              .number()
              .int()
              .min(1)
              .meta({ description: 'Confirmations before the deposit is credited.' }),
            memo: z.boolean().default(false).meta({ description: 'The address needs a memo / destination tag.' }),
          })
          .strict()
          .meta({ description: 'A network the asset can be sent on.' }),
      )
      .min(1)
      .meta({ description: 'Networks the gateway supports for the asset.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/crypto_assets.yaml: a crypto asset.' });

export const bankCode = z
  .object({
    country: countryCode.meta({ description: 'Country of the bank.' }),
    code: z
      .string()
      .regex(/^[A-Z0-9_]{2,20}$/)
      .meta({ description: 'The value to pass as `bank_code` in payouts.' }),
    name: z.string().min(1).meta({ description: 'Name of the bank.' }),
    national_id: z
      .string()
      .optional()
      .meta({ description: 'National identifier of the bank where one exists (e.g. ISPB, CLABE prefix, BIC).' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/bank_codes.yaml: a bank for payouts.' });

/**
 * content/data/sandbox_values.yaml: the last three digits of `amount` or of a phone number choose a
 * sandbox outcome.
 */
export const sandboxValue = z
  .object({
    code: z
      .string()
      .regex(/^\d{3}$/)
      .meta({
        description: "The last three digits (of the amount's whole part or of the phone) that choose the outcome.",
      }),
    applies_to: z.enum(['payin', 'payout', 'both']).meta({ description: 'Which direction the value works for.' }),
    outcome: z.enum(['success', 'pending', 'failure']).meta({ description: 'What the sandbox does.' }),
    failure_reason: identifier
      .optional()
      .meta({ description: 'For failures: the failure reason code (content/data/failure_reasons.yaml).' }),
    description: z.string().min(1).meta({ description: 'What to expect.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/sandbox_values.yaml: a sandbox test value.' });

/**
 * content/data/refunds.yaml: how a refund is made and what its callback carries, one row per kind
 * of refund a payment method's data sheet declares (`refunds: full | partial`). Every refundable
 * method page prints its row (pipeline/kinds/payment-method/refunds.ts); the page adds only what
 * is the method's own (deadlines, how long the money takes).
 */
export const refundRule = z
  .object({
    refunds: z.enum(['full', 'partial']).meta({ description: 'The `method.refunds` value the row is for.' }),
    how: z.string().min(1).meta({
      description: 'How the merchant makes the refund, inline Markdown: where (a site route) and what to choose.',
    }),
    statuses: z.array(identifier).min(1).meta({
      description:
        'The statuses a refund moves the payin to (content/data/transaction_statuses.yaml), each with a callback.',
    }),
    fields: z
      .array(identifier)
      .default([])
      .meta({ description: 'Callback fields that say what was refunded (content/data/transaction_fields.yaml).' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/refunds.yaml: how a refund is made and what its callback says.' });

/** content/data/card_response_codes.yaml: issuer response codes (ISO 8583 field 39) and their failure reasons. */
export const cardResponseCode = z
  .object({
    code: z
      .string()
      .regex(/^[0-9A-Z]{2}$/, 'a two-character code such as "05"')
      .meta({ description: "The issuer's response code (ISO 8583 field 39)." }),
    meaning: z.string().min(1).meta({ description: 'What the code means, as the card schemes word it.' }),
    failure_reason: identifier.meta({
      description: 'The failure reason the gateway reports for it (content/data/failure_reasons.yaml).',
    }),
  })
  .strict()
  .meta({ description: 'A row of content/data/card_response_codes.yaml: an issuer response code.' });

/**
 * content/data/transaction_fields.yaml: the fields of a callback body (transaction/find returns the same).
 * A method page that fills a field only some methods fill declares it in `method.flow.callback`.
 */
export const transactionField = z
  .object({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'a snake_case field name')
      .meta({ description: 'The field as on the wire.' }),
    type: z
      .enum(['string', 'integer', 'number', 'boolean', 'object'])
      .meta({ description: 'JSON type in the v2 body.' }),
    always: z.boolean().meta({ description: 'Present in every callback.' }),
    description: z.string().min(1).meta({ description: 'What it holds and when it is present (inline Markdown).' }),
    example: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .meta({ description: 'An example value, used by the generated callback examples of method pages.' }),
    members: z
      .array(z.string().regex(/^[a-z][a-z0-9_]*$/))
      .min(1)
      .optional()
      .meta({ description: 'Objects: the members a method may fill.' }),
    filled_by: z.array(route).min(1).optional().meta({
      description:
        'The method pages that fill it, when only some methods do; each declares it in `method.flow.callback`.',
    }),
  })
  .strict()
  .meta({ description: 'A row of content/data/transaction_fields.yaml: a field of callbacks and transaction/find.' });

/**
 * content/data/search_synonyms.yaml: words and phrases search treats as one (refund ↔
 * return, secret key ↔ api key). A query word or phrase in a group also finds the group's
 * other members, ranked a little below itself; a phrase member needs all its words.
 */
export const searchSynonyms = z
  .object({
    words: z
      .array(
        z
          .string()
          .regex(
            /^[\p{Ll}\p{N}][\p{Ll}\p{N}_-]*( [\p{Ll}\p{N}][\p{Ll}\p{N}_-]*){0,2}$/u,
            'a lower-case word or a phrase of up to three words, one space apart',
          ),
      )
      .min(2)
      .meta({
        description:
          'Two or more members, lower case: single words or phrases ' +
          'of up to three words (a member may be in one group only).',
      }),
  })
  .strict()
  .meta({ description: 'A row of content/data/search_synonyms.yaml: words search treats as one.' });

/** Every data file and the schema of one of its rows. The file is a YAML list of rows. */
export const dataFiles = {
  transaction_statuses: transactionStatus,
  api_error_codes: apiErrorCode,
  failure_reasons: failureReason,
  test_cards: testCard,
  crypto_assets: cryptoAsset,
  bank_codes: bankCode,
  sandbox_values: sandboxValue,
  transaction_fields: transactionField,
  card_response_codes: cardResponseCode,
  search_synonyms: searchSynonyms,
  refunds: refundRule,
  /** The API's releases (schema/releases.ts): the changelog, its feed and the lifecycle badges. */
  releases: release,
} as const;

export type DataFileName = keyof typeof dataFiles;
export type TransactionStatus = z.output<typeof transactionStatus>;
export type ApiErrorCode = z.output<typeof apiErrorCode>;
export type FailureReason = z.output<typeof failureReason>;
export type TestCard = z.output<typeof testCard>;
export type CryptoAsset = z.output<typeof cryptoAsset>;
export type BankCode = z.output<typeof bankCode>;
export type SandboxValue = z.output<typeof sandboxValue>;
export type CardResponseCode = z.output<typeof cardResponseCode>;
export type TransactionField = z.output<typeof transactionField>;
export type SearchSynonyms = z.output<typeof searchSynonyms>;
export type RefundRule = z.output<typeof refundRule>;
export type { Release };

/** All data files after validation, by file name. */
export type LoadedData = { [K in DataFileName]: z.output<(typeof dataFiles)[K]>[] };
