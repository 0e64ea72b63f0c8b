/** `iso/phone-codes`: the E.164 country calling code of every country (libphonenumber-js metadata). */
import { byKey } from './format.ts';
import { countryName } from './iso-countries.ts';
import { packageVersion, phoneNumbers } from './packages.ts';
import type { TableSource } from './types.ts';

/**
 * Regions libphonenumber knows that are not ISO 3166-1 countries (exceptionally reserved
 * codes), so i18n-iso-countries has no name for them.
 */
const EXTRA_NAMES: Record<string, string> = { AC: 'Ascension Island', TA: 'Tristan da Cunha' };

export const isoPhoneCodes: TableSource = () => {
  const lib = phoneNumbers();
  const rows = lib
    .getCountries()
    .map((country) => ({
      country,
      name: EXTRA_NAMES[country] ?? countryName(country),
      calling_code: `+${lib.getCountryCallingCode(country)}`,
    }))
    .sort(byKey((r) => r.country));
  return {
    columns: [
      { key: 'country', label: 'Country code', code: true },
      { key: 'name', label: 'Country' },
      { key: 'calling_code', label: 'Calling code', code: true },
    ],
    rows,
    key: 'country',
    origin: { name: 'ITU-T E.164 calling codes (libphonenumber-js)', version: packageVersion('libphonenumber-js') },
  };
};
