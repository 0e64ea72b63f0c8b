/** `iso/languages`: ISO 639-1 two-letter codes with English and native names (iso-639-1). */
import { byKey } from './format.ts';
import { isoLanguages, packageVersion } from './packages.ts';
import type { TableSource } from './types.ts';

export const isoLanguagesSource: TableSource = () => {
  const lib = isoLanguages();
  const rows = lib
    .getAllCodes()
    .map((code) => ({ code, name: lib.getName(code), native_name: lib.getNativeName(code) }))
    .sort(byKey((r) => r.code));
  return {
    columns: [
      { key: 'code', label: 'Code', code: true },
      { key: 'name', label: 'Language' },
      { key: 'native_name', label: 'Native name' },
    ],
    rows,
    key: 'code',
    origin: { name: 'ISO 639-1 (iso-639-1)', version: packageVersion('iso-639-1') },
  };
};
