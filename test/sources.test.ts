/**
 * Table sources (pipeline/sources/): every source builds, keys are unique, cells are
 * scalars, ISO lookups answer from ISO data (not Intl), subdivisions stay within the
 * requested countries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dataFiles, type DataFileName, type LoadedData } from '../schema/data.ts';
import {
  currencyMinorUnits,
  isCountryCode,
  isCurrencyCode,
  isLanguageCode,
  luhnCheckDigit,
  passesLuhn,
  tableSources,
  type SourceContext,
} from '../pipeline/sources/index.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The content/data files, parsed with `yaml` and validated row by row, as the pipeline loads them. */
function loadData(): LoadedData {
  const out: Record<string, unknown[]> = {};
  for (const name of Object.keys(dataFiles) as DataFileName[]) {
    const rows = parse(readFileSync(path.join(root, 'content', 'data', `${name}.yaml`), 'utf8')) as unknown[];
    out[name] = rows.map((row) => dataFiles[name].parse(row));
  }
  return out as LoadedData;
}

const methodCountries = ['BR', 'MX', 'IN', 'ng', 'BR'];
const ctx: SourceContext = { data: loadData(), methodCountries };
const expectedSources = [
  'iso/currencies',
  'iso/countries',
  'iso/languages',
  'iso/phone-codes',
  'iso/subdivisions',
  'data/transaction_statuses',
  'data/api_error_codes',
  'data/failure_reasons',
  'data/test_cards',
  'data/crypto_assets',
  'data/bank_codes',
  'data/sandbox_values',
  'data/transaction_fields',
  'data/card_response_codes',
];

describe('tableSources', () => {
  it('has exactly the documented sources, each matching the frontmatter pattern', () => {
    expect(Object.keys(tableSources).sort()).toEqual([...expectedSources].sort());
    for (const name of Object.keys(tableSources)) expect(name).toMatch(/^(data|iso)\/[a-z0-9_-]+$/);
  });

  it('has a data/<file> source for every data file', () => {
    // search_synonyms feeds the search index, refunds the method pages and releases the changelog: not tables.
    const notTables = new Set(['search_synonyms', 'refunds', 'releases']);
    for (const name of Object.keys(dataFiles).filter((n) => !notTables.has(n)))
      expect(tableSources[`data/${name}`], name).toBeTypeOf('function');
  });

  for (const name of expectedSources) {
    describe(name, () => {
      const table = tableSources[name]!(ctx);

      it('returns rows, columns and an origin with a version', () => {
        expect(table.rows.length).toBeGreaterThan(0);
        expect(table.columns.length).toBeGreaterThan(0);
        expect(table.origin.name).not.toBe('');
        expect(table.origin.version).toMatch(/^\d+\.\d+\.\d+/);
      });

      it('has no duplicate keys', () => {
        const keys = table.rows.map((r) => r[table.key]);
        const dupes = keys.filter((k, i) => keys.indexOf(k) !== i);
        expect(dupes).toEqual([]);
        expect(keys.every((k) => k !== undefined && k !== null && k !== '')).toBe(true);
      });

      it('has the key and every default column in every row, as scalar cells', () => {
        expect(table.columns.map((c) => c.key)).toContain(table.key);
        for (const row of table.rows) {
          for (const c of table.columns) expect(row, `${name}: column ${c.key}`).toHaveProperty(c.key);
          for (const v of Object.values(row))
            expect(['string', 'number', 'boolean'].includes(typeof v) || v === null).toBe(true);
        }
      });

      it('is deterministic', () => {
        expect(tableSources[name]!(ctx)).toEqual(table);
      });
    });
  }
});

describe('iso/currencies and currency lookups', () => {
  const rows = tableSources['iso/currencies']!(ctx).rows;
  const row = (code: string) => rows.find((r) => r.code === code);

  it('minor units come from ISO 4217: JPY 0, KWD 3, USD 2, COP 2, CLF 4', () => {
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits('USD')).toBe(2);
    expect(currencyMinorUnits('COP')).toBe(2);
    expect(currencyMinorUnits('CLF')).toBe(4);
    expect(row('COP')?.minor_units).toBe(2);
    expect(row('JPY')?.minor_units).toBe(0);
  });

  it('differs from Intl where ISO and CLDR disagree (COP, HUF, IDR, IQD)', () => {
    for (const code of ['COP', 'HUF', 'IDR', 'IQD']) {
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
      expect(currencyMinorUnits(code), code).not.toBe(intl);
    }
  });

  it('codes without minor units (N.A. in ISO 4217) have none', () => {
    expect(currencyMinorUnits('XAU')).toBeUndefined();
    expect(currencyMinorUnits('XXX')).toBeUndefined();
    expect(row('XDR')?.minor_units).toBe('N.A.');
    expect(row('XAF')?.minor_units).toBe(0);
  });

  it('keeps the ISO numeric code as a 3-digit string', () => {
    expect(row('USD')?.numeric).toBe('840');
    expect(row('ALL')?.numeric).toBe('008');
  });

  it('isCurrencyCode accepts ISO codes only, upper case', () => {
    expect(isCurrencyCode('BRL')).toBe(true);
    expect(isCurrencyCode('brl')).toBe(false);
    expect(isCurrencyCode('BRR')).toBe(false);
    expect(isCurrencyCode('USDT')).toBe(false);
    expect(currencyMinorUnits('BRR')).toBeUndefined();
  });
});

describe('iso/countries, iso/languages, iso/phone-codes', () => {
  it('countries carry alpha-2, alpha-3, numeric and the English name', () => {
    const br = tableSources['iso/countries']!(ctx).rows.find((r) => r.alpha2 === 'BR');
    expect(br).toEqual({ alpha2: 'BR', alpha3: 'BRA', numeric: '076', name: 'Brazil' });
    expect(isCountryCode('BR')).toBe(true);
    expect(isCountryCode('br')).toBe(false);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('BRA')).toBe(false);
  });

  it('languages carry the ISO 639-1 code with English and native names', () => {
    const pt = tableSources['iso/languages']!(ctx).rows.find((r) => r.code === 'pt');
    expect(pt).toEqual({ code: 'pt', name: 'Portuguese', native_name: 'Português' });
    expect(isLanguageCode('pt')).toBe(true);
    expect(isLanguageCode('PT')).toBe(false);
    expect(isLanguageCode('por')).toBe(false);
  });

  it('phone codes are E.164 calling codes with a plus', () => {
    const rows = tableSources['iso/phone-codes']!(ctx).rows;
    expect(rows.find((r) => r.country === 'BR')?.calling_code).toBe('+55');
    expect(rows.find((r) => r.country === 'US')?.calling_code).toBe('+1');
    expect(rows.find((r) => r.country === 'KZ')?.calling_code).toBe('+7');
    for (const r of rows) {
      expect(r.calling_code).toMatch(/^\+\d{1,3}$/);
      expect(r.name).not.toBe(r.country);
    }
  });
});

describe('iso/subdivisions', () => {
  const table = tableSources['iso/subdivisions']!(ctx);

  it('lists subdivisions only for the requested countries (case-insensitive, deduplicated)', () => {
    expect([...new Set(table.rows.map((r) => r.country))].sort()).toEqual(['BR', 'IN', 'MX', 'NG']);
    for (const r of table.rows) expect(String(r.code).startsWith(`${r.country}-`)).toBe(true);
  });

  it('contains the known codes', () => {
    const sp = table.rows.find((r) => r.code === 'BR-SP');
    expect(sp).toMatchObject({ country: 'BR', name: 'São Paulo', type: 'State' });
    expect(table.rows.find((r) => r.code === 'IN-MH')?.name).toBe('Maharashtra');
  });

  it('is empty for no countries and ignores unknown ones', () => {
    expect(tableSources['iso/subdivisions']!({ ...ctx, methodCountries: [] }).rows).toEqual([]);
    expect(tableSources['iso/subdivisions']!({ ...ctx, methodCountries: ['ZZ', 'worldwide'] }).rows).toEqual([]);
  });
});

describe('data sources', () => {
  it('transaction statuses join transitions and show final/callback as yes/no', () => {
    const rows = tableSources['data/transaction_statuses']!(ctx).rows;
    const created = rows.find((r) => r.code === 'created')!;
    expect(created.transitions).toBe('pending, requires_action, failed, cancelled, expired');
    expect(created.final).toBe('no');
    expect(created.callback).toBe('no');
    expect(rows.find((r) => r.code === 'failed')).toMatchObject({ final: 'yes', callback: 'yes', transitions: 'none' });
  });

  it('crypto assets flatten to one row per asset and network', () => {
    const table = tableSources['data/crypto_assets']!(ctx);
    const expected = ctx.data.crypto_assets.reduce((n, a) => n + a.networks.length, 0);
    expect(table.rows).toHaveLength(expected);
    expect(
      table.rows
        .filter((r) => r.currency === 'USDT')
        .map((r) => r.network)
        .sort(),
    ).toEqual(expect.arrayContaining(['BEP20', 'ERC20', 'TON', 'TRC20']));
    expect(table.rows.find((r) => r.asset === 'XRP on XRP')?.memo).toBe('yes');
  });

  it('test cards keep the number as digits and a failure reason for declines', () => {
    const rows = tableSources['data/test_cards']!(ctx).rows;
    for (const r of rows) {
      expect(passesLuhn(String(r.number)), String(r.number)).toBe(true);
      if (r.outcome === 'decline') expect(r.failure_reason).not.toBe('');
    }
  });

  it('bank codes carry the country name', () => {
    const row = tableSources['data/bank_codes']!(ctx).rows.find((r) => r.code === 'BR_ITAU');
    expect(row).toMatchObject({ country: 'BR', country_name: 'Brazil', national_id: '60701190' });
  });
});

describe('Luhn helper', () => {
  it('accepts valid numbers and rejects others', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(false);
  });

  it('computes the check digit', () => {
    expect(luhnCheckDigit('411111111111111')).toBe('1');
    expect(passesLuhn(`400000000000001${luhnCheckDigit('400000000000001')}`)).toBe(true);
  });
});
