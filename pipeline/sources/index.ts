/**
 * Table sources for `reference-table` pages, by the name a page gives in `table.source`,
 * and the ISO lookups validation uses. Node only: the lists come from npm packages.
 */
import {
  apiErrorCodes,
  bankCodes,
  cardResponseCodes,
  cryptoAssets,
  failureReasons,
  sandboxValues,
  testCards,
  transactionFields,
  transactionStatuses,
} from './data-tables.ts';
import { isoCountriesSource } from './iso-countries.ts';
import { isoCurrencies } from './iso-currencies.ts';
import { isoLanguagesSource } from './iso-languages.ts';
import { isoPhoneCodes } from './iso-phone-codes.ts';
import { isoSubdivisionsSource } from './iso-subdivisions.ts';
import type { TableSource } from './types.ts';

export type { Cell, SourceContext, TableColumn, TableData, TableSource } from './types.ts';
export { currencyMinorUnits, isCountryCode, isCurrencyCode, isLanguageCode } from './codes.ts';
export { luhnCheckDigit, passesLuhn } from './luhn.ts';

export const tableSources: Record<string, TableSource> = {
  'iso/currencies': isoCurrencies,
  'iso/countries': isoCountriesSource,
  'iso/languages': isoLanguagesSource,
  'iso/phone-codes': isoPhoneCodes,
  'iso/subdivisions': isoSubdivisionsSource,
  'data/transaction_statuses': transactionStatuses,
  'data/api_error_codes': apiErrorCodes,
  'data/failure_reasons': failureReasons,
  'data/test_cards': testCards,
  'data/crypto_assets': cryptoAssets,
  'data/bank_codes': bankCodes,
  'data/sandbox_values': sandboxValues,
  'data/transaction_fields': transactionFields,
  'data/card_response_codes': cardResponseCodes,
};
