/**
 * `iso/subdivisions`: ISO 3166-2 codes of the states, provinces and regions of the
 * countries our payment methods serve (iso-3166-2). Only those countries: the full list
 * has thousands of rows nobody needs here.
 */
import { byKey } from './format.ts';
import { isoSubdivisions, packageVersion } from './packages.ts';
import type { TableSource } from './types.ts';

/** The package spells types inconsistently ("Federal District", "Federal district"): sentence case. */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

export const isoSubdivisionsSource: TableSource = (ctx) => {
  const data = isoSubdivisions().data;
  const countries = [...new Set(ctx.methodCountries.map((c) => c.toUpperCase()))].filter((c) => data[c]);
  const rows = countries
    .flatMap((country) =>
      Object.entries(data[country]!.sub).map(([code, sub]) => ({
        country,
        country_name: data[country]!.name,
        code,
        name: sub.name,
        type: sentenceCase(sub.type),
      })),
    )
    .sort(byKey((r) => `${r.country} ${r.code}`));
  return {
    columns: [
      { key: 'country', label: 'Country', code: true },
      { key: 'code', label: 'Code', code: true },
      { key: 'name', label: 'Name' },
      { key: 'type', label: 'Type' },
    ],
    rows,
    key: 'code',
    origin: { name: 'ISO 3166-2 (iso-3166-2)', version: packageVersion('iso-3166-2') },
  };
};
