/**
 * Gateway-specific data files under content/data/. Each is defined once and used by
 * both the reference pages (rendered as tables) and the API / method pages
 * (validated references, `:status[...]`-style inline mentions).
 * File name → schema: see `dataFiles` below.
 */
import { z } from 'zod';
import { countryCode, identifier } from './primitives.ts';

/** content/data/transaction_statuses.yaml */
export const transactionStatus = z.object({
  /** The value of `status` in API responses and callbacks. */
  code: identifier,
  /** Short human label. */
  label: z.string().min(1),
  description: z.string().min(1),
  /** No further transition is possible. */
  final: z.boolean(),
  /** Statuses this one can move to. */
  transitions: z.array(identifier),
  /** A callback is sent when a transaction enters this status. */
  callback: z.boolean(),
}).strict();

/** content/data/api_error_codes.yaml */
export const apiErrorCode = z.object({
  /** The value of `error.code` in the response envelope, e.g. "invalid_signature". */
  code: identifier,
  /** Numeric code (`error.number`) kept for API v1 clients. */
  number: z.number().int().min(1000).max(9999),
  http_status: z.number().int().min(400).max(599),
  description: z.string().min(1),
  /** Whether repeating the same request can succeed later. */
  retryable: z.boolean(),
  /** What the integrator should do. */
  resolution: z.string().min(1),
}).strict();

/** content/data/failure_reasons.yaml */
export const failureReason = z.object({
  /** The value of `failure_reason` on a failed or declined transaction. */
  code: identifier,
  description: z.string().min(1),
  /** Who can fix it. */
  party: z.enum(['customer', 'merchant', 'issuer', 'provider', 'gateway']),
  /** Whether the customer may retry with the same method. */
  retryable: z.boolean(),
}).strict();

/** content/data/test_cards.yaml */
export const testCard = z.object({
  /** Digits only; must pass the Luhn check. */
  number: z.string().regex(/^\d{12,19}$/),
  brand: z.enum(['visa', 'mastercard', 'mir', 'amex', 'unionpay', 'maestro']),
  /** What the sandbox does with this card. */
  outcome: z.enum(['success', '3ds_challenge', '3ds_frictionless', 'decline', 'pending']),
  /** For declines: the failure reason code (content/data/failure_reasons.yaml). */
  failure_reason: identifier.optional(),
  description: z.string().min(1),
}).strict();

/** content/data/crypto_assets.yaml */
export const cryptoAsset = z.object({
  /** Ticker passed as `currency`, e.g. "USDT". */
  code: z.string().regex(/^[A-Z0-9]{2,10}$/),
  name: z.string().min(1),
  networks: z.array(z.object({
    /** Network id passed as `network`, e.g. "TRC20". */
    code: z.string().regex(/^[A-Z0-9_]{2,20}$/),
    name: z.string().min(1),
    /** Decimal places the gateway accepts for this asset on this network. */
    decimals: z.number().int().min(0).max(18),
    /** Confirmations before the deposit is credited. */
    confirmations: z.number().int().min(1),
    /** The address needs a memo / destination tag. */
    memo: z.boolean().default(false),
  }).strict()).min(1),
}).strict();

/** content/data/bank_codes.yaml */
export const bankCode = z.object({
  country: countryCode,
  /** The value to pass as `bank_code` in payouts. */
  code: z.string().regex(/^[A-Z0-9_]{2,20}$/),
  name: z.string().min(1),
  /** National identifier of the bank where one exists (e.g. ISPB, CLABE prefix, BIC). */
  national_id: z.string().optional(),
}).strict();

/**
 * content/data/search_synonyms.yaml: words search treats as one (refund ↔ return). A query
 * word in a group also finds the group's other words, ranked a little below itself.
 */
export const searchSynonyms = z.object({
  /** Two or more single words, lower case (a word may be in one group only). */
  words: z.array(z.string().regex(/^[\p{Ll}\p{N}][\p{Ll}\p{N}_\-]*$/u, 'a single lower-case word')).min(2),
}).strict();

/** Every data file and the schema of one of its rows. The file is a YAML list of rows. */
export const dataFiles = {
  transaction_statuses: transactionStatus,
  api_error_codes: apiErrorCode,
  failure_reasons: failureReason,
  test_cards: testCard,
  crypto_assets: cryptoAsset,
  bank_codes: bankCode,
  search_synonyms: searchSynonyms,
} as const;

export type DataFileName = keyof typeof dataFiles;
export type TransactionStatus = z.output<typeof transactionStatus>;
export type ApiErrorCode = z.output<typeof apiErrorCode>;
export type FailureReason = z.output<typeof failureReason>;
export type TestCard = z.output<typeof testCard>;
export type CryptoAsset = z.output<typeof cryptoAsset>;
export type BankCode = z.output<typeof bankCode>;
export type SearchSynonyms = z.output<typeof searchSynonyms>;

/** All data files after validation, by file name. */
export type LoadedData = { [K in DataFileName]: z.output<(typeof dataFiles)[K]>[] };
