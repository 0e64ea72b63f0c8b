/** `iso/currencies`: ISO 4217 codes with their numeric code and minor units (currency-codes). */
import { byKey } from './format.ts';
import { currencyCodes, currencyCodesWithoutMinorUnits, packageVersion } from './packages.ts';
import type { TableSource } from './types.ts';

export const isoCurrencies: TableSource = () => {
  const noMinorUnits = currencyCodesWithoutMinorUnits();
  const rows = currencyCodes()
    .data.map((c) => ({
      code: c.code,
      numeric: c.number,
      // ISO 4217's own exponent, never Intl's display digits; "N.A." where ISO has none.
      minor_units: noMinorUnits.has(c.code) ? 'N.A.' : c.digits,
      name: c.currency,
    }))
    .sort(byKey((r) => r.code));
  return {
    columns: [
      { key: 'code', label: 'Code', code: true },
      { key: 'numeric', label: 'Numeric', code: true },
      { key: 'minor_units', label: 'Minor units' },
      { key: 'name', label: 'Currency' },
    ],
    rows,
    key: 'code',
    origin: { name: 'ISO 4217 (currency-codes)', version: packageVersion('currency-codes') },
  };
};
