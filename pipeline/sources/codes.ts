/**
 * ISO lookups used by validation (pipeline/content/cross-check.ts): whether a code exists
 * and how many minor units a currency has. The lists come from the same packages as the
 * reference tables, so a code accepted in frontmatter is always one the tables show.
 */
import { currencyCodes, currencyCodesWithoutMinorUnits, isoCountries, isoLanguages } from './packages.ts';

interface Lists {
  currencies: Map<string, number | undefined>;
  countries: Set<string>;
  languages: Set<string>;
}

let lists: Lists | undefined;

/** Built once per process: the package data is immutable. */
function load(): Lists {
  if (lists) return lists;
  const noMinorUnits = currencyCodesWithoutMinorUnits();
  const currencies = new Map<string, number | undefined>();
  for (const c of currencyCodes().data) currencies.set(c.code, noMinorUnits.has(c.code) ? undefined : c.digits);
  const countries = new Set(Object.keys(isoCountries().getAlpha2Codes()));
  const languages = new Set(isoLanguages().getAllCodes());
  lists = { currencies, countries, languages };
  return lists;
}

/** An ISO 4217 alphabetic code in the current list, upper case (`"USD"`; `"usd"` and `"BRR"` fail). */
export function isCurrencyCode(code: string): boolean {
  return load().currencies.has(code);
}

/**
 * ISO 4217 minor units of a currency: JPY 0, USD 2, KWD 3, COP 2, CLF 4. `undefined` for an
 * unknown code or a code whose ISO minor unit is "N.A." (XAU, XDR, XXX…). Not Intl's
 * display fraction digits, which differ for 29 codes.
 */
export function currencyMinorUnits(code: string): number | undefined {
  return load().currencies.get(code);
}

/** An ISO 3166-1 alpha-2 code, upper case (`"BR"`). Includes the user-assigned `XK` (Kosovo). */
export function isCountryCode(code: string): boolean {
  return load().countries.has(code);
}

/** An ISO 639-1 two-letter language code, lower case (`"pt"`). */
export function isLanguageCode(code: string): boolean {
  return load().languages.has(code);
}
