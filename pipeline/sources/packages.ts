/**
 * Node-side access to the code-list packages. They are CommonJS, so they are loaded with
 * `createRequire`; their versions come from their own package.json so the origin printed
 * under a table always names the data actually installed.
 */
import { createRequire } from 'node:module';
import { projectPath } from '../paths.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(projectPath('package.json'));

/** `version` of an installed package (from its package.json). */
export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** Version of the paydocs package itself: the origin version of the gateway's own data files. */
export function projectVersion(): string {
  return (require(projectPath('package.json')) as { version: string }).version;
}

// ---------------------------------------------------------------------------
// currency-codes (ISO 4217)

export interface CurrencyRecord {
  code: string;
  number: string;
  digits: number;
  currency: string;
  countries: string[];
}
interface CurrencyCodesModule {
  data: CurrencyRecord[];
  publishDate: string;
}

export const currencyCodes = (): CurrencyCodesModule => require('currency-codes') as CurrencyCodesModule;

/**
 * Codes whose ISO 4217 minor unit is "N.A." (precious metals, bond units, XDR, XTS, XXX…).
 * The package's `digits` turns N.A. into 0, so read the ISO list it ships with
 * (`iso-4217-list-one.xml`) to tell "no minor unit" from "zero decimals".
 */
export function currencyCodesWithoutMinorUnits(): Set<string> {
  const file = path.join(path.dirname(require.resolve('currency-codes/package.json')), 'iso-4217-list-one.xml');
  const out = new Set<string>();
  let xml: string;
  try {
    xml = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const m of xml.matchAll(/<Ccy>([A-Z]{3})<\/Ccy>\s*<CcyNbr>\d*<\/CcyNbr>\s*<CcyMnrUnts>N\.A\.<\/CcyMnrUnts>/g))
    out.add(m[1]!);
  return out;
}

// ---------------------------------------------------------------------------
// i18n-iso-countries (ISO 3166-1)

interface CountriesModule {
  getNames(lang: string, options?: { select: 'official' | 'alias' | 'all' }): Record<string, string>;
  getAlpha2Codes(): Record<string, string>;
  alpha2ToAlpha3(code: string): string | undefined;
  alpha2ToNumeric(code: string): string | undefined;
}

export const isoCountries = (): CountriesModule => require('i18n-iso-countries') as CountriesModule;

// ---------------------------------------------------------------------------
// iso-639-1

interface LanguagesModule {
  getAllCodes(): string[];
  getName(code: string): string;
  getNativeName(code: string): string;
  validate(code: string): boolean;
}

export const isoLanguages = (): LanguagesModule => require('iso-639-1') as LanguagesModule;

// ---------------------------------------------------------------------------
// libphonenumber-js (calling codes)

interface PhoneModule {
  getCountries(): string[];
  getCountryCallingCode(country: string): string;
}

export const phoneNumbers = (): PhoneModule => require('libphonenumber-js') as PhoneModule;

// ---------------------------------------------------------------------------
// iso-3166-2 (subdivisions)

export interface SubdivisionCountry {
  name: string;
  sub: Record<string, { type: string; name: string }>;
}

export const isoSubdivisions = (): { data: Record<string, SubdivisionCountry> } =>
  require('iso-3166-2') as { data: Record<string, SubdivisionCountry> };
