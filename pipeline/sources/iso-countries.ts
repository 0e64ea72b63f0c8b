/** `iso/countries`: ISO 3166-1 alpha-2, alpha-3 and numeric codes with English names (i18n-iso-countries). */
import { byKey } from './format.ts';
import { isoCountries, packageVersion } from './packages.ts';
import type { TableSource } from './types.ts';

export const isoCountriesSource: TableSource = () => {
  const lib = isoCountries();
  const names = englishNames();
  const rows = Object.keys(lib.getAlpha2Codes())
    .map((alpha2) => ({
      alpha2,
      alpha3: lib.alpha2ToAlpha3(alpha2) ?? '',
      numeric: lib.alpha2ToNumeric(alpha2) ?? '',
      name: names[alpha2] ?? alpha2,
    }))
    .sort(byKey((r) => r.alpha2));
  return {
    columns: [
      { key: 'alpha2', label: 'Alpha-2', code: true },
      { key: 'alpha3', label: 'Alpha-3', code: true },
      { key: 'numeric', label: 'Numeric', code: true },
      { key: 'name', label: 'Country' },
    ],
    rows,
    key: 'alpha2',
    origin: { name: 'ISO 3166-1 (i18n-iso-countries)', version: packageVersion('i18n-iso-countries') },
  };
};

let names: Record<string, string> | undefined;

/** The English names by alpha-2, read once: `getNames` builds all 249 at each call (phone codes: 245 calls). */
const englishNames = () => (names ??= isoCountries().getNames('en', { select: 'official' }));

/** English short name of a country for other tables; the code itself when unknown. */
export function countryName(alpha2: string): string {
  return englishNames()[alpha2] ?? alpha2;
}
