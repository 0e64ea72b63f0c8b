/**
 * The gateway data files (content/data/*.yaml): every row validates against its schema,
 * codes are unique, test cards pass Luhn and decline with known failure reasons.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dataFiles, type DataFileName } from '../schema/data.ts';
import { isCountryCode } from '../pipeline/sources/index.ts';

const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'content', 'data');
const names = Object.keys(dataFiles) as DataFileName[];

/** The raw rows of a data file, as YAML 1.2 parses them. */
const rawRows = (name: DataFileName): unknown[] => {
  const rows = parse(readFileSync(path.join(dataDir, `${name}.yaml`), 'utf8')) as unknown;
  if (!Array.isArray(rows)) throw new Error(`content/data/${name}.yaml: expected a YAML list of rows`);
  return rows;
};

/** Luhn check written out here, independently of pipeline/sources/luhn.ts. */
const luhn = (digits: string) =>
  digits
    .split('')
    .reverse()
    .map(Number)
    .reduce((sum, d, i) => sum + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0) %
    10 ===
  0;

describe('every data file validates against its schema', () => {
  for (const name of names) {
    it(`content/data/${name}.yaml`, () => {
      const rows = rawRows(name);
      expect(rows.length).toBeGreaterThan(0);
      rows.forEach((row, i) => {
        const result = dataFiles[name].safeParse(row);
        expect(
          result.success,
          `row ${i} of ${name}.yaml: ` +
            `${result.error?.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`,
        ).toBe(true);
      });
    });
  }
});

/** Valid rows only, so one bad row fails its schema test above rather than the whole file. */
const data = Object.fromEntries(
  names.map((n) => [
    n,
    rawRows(n).flatMap((r) => {
      const result = dataFiles[n].safeParse(r);
      return result.success ? [result.data] : [];
    }),
  ]),
) as {
  [K in DataFileName]: ReturnType<(typeof dataFiles)[K]['parse']>[];
};

describe('test cards', () => {
  it('every number passes the Luhn check', () => {
    const failing = data.test_cards.filter((c) => !luhn(c.number)).map((c) => c.number);
    expect(failing).toEqual([]);
  });

  it('the Luhn check itself rejects a changed digit', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
  });

  it('numbers are unique', () => {
    const numbers = data.test_cards.map((c) => c.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('the number matches its brand (prefix and length)', () => {
    const ranges: Record<string, RegExp> = {
      visa: /^4\d{15}$/,
      mastercard: /^(5[1-5]\d{14}|2(2[2-9]|[3-6]\d|7[01])\d{12}|2720\d{12})$/,
      mir: /^220[0-4]\d{12}$/,
      amex: /^3[47]\d{13}$/,
      unionpay: /^62\d{14,17}$/,
      maestro: /^(5018|5020|5038|6304|6759|676[1-3])\d{8,15}$/,
    };
    for (const card of data.test_cards) expect(card.number, card.brand).toMatch(ranges[card.brand]!);
  });

  it('every card response code maps to a failure reason of failure_reasons.yaml, once per code', () => {
    const reasons = new Set(data.failure_reasons.map((r) => r.code));
    for (const c of data.card_response_codes)
      expect(reasons.has(c.failure_reason), `${c.code}: ${c.failure_reason}`).toBe(true);
    expect(new Set(data.card_response_codes.map((c) => c.code)).size).toBe(data.card_response_codes.length);
  });

  it('every failure_reason exists in failure_reasons.yaml, and every decline has one', () => {
    const reasons = new Set(data.failure_reasons.map((r) => r.code));
    for (const card of data.test_cards) {
      if (card.outcome === 'decline') expect(card.failure_reason, card.number).toBeDefined();
      if (card.failure_reason)
        expect(reasons.has(card.failure_reason), `${card.number}: ${card.failure_reason}`).toBe(true);
    }
  });

  it('covers the main outcomes, failure reasons and brands', () => {
    const outcomes = new Set(data.test_cards.map((c) => c.outcome));
    for (const o of ['success', '3ds_challenge', '3ds_frictionless', 'pending', 'decline'])
      expect(outcomes.has(o as never), o).toBe(true);
    const declined = new Set(data.test_cards.map((c) => c.failure_reason));
    for (const r of [
      'insufficient_funds',
      'card_declined',
      'do_not_honor',
      'expired_card',
      'invalid_cvv',
      'three_ds_failed',
      'limit_exceeded',
      'restricted_card',
      'lost_or_stolen_card',
      'suspected_fraud',
      'stoplisted',
    ])
      expect(declined.has(r), r).toBe(true);
    const brands = new Set(data.test_cards.map((c) => c.brand));
    for (const b of ['visa', 'mastercard', 'mir', 'unionpay']) {
      expect(brands.has(b as never), b).toBe(true);
      expect(
        data.test_cards.some((c) => c.brand === b && c.outcome === 'success'),
        `${b} success card`,
      ).toBe(true);
    }
  });
});

describe('crypto assets', () => {
  it('asset codes are unique and each network appears once per asset', () => {
    const codes = data.crypto_assets.map((a) => a.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const a of data.crypto_assets) {
      const nets = a.networks.map((n) => n.code);
      expect(new Set(nets).size, a.code).toBe(nets.length);
    }
  });

  it('a network code names one blockchain across assets', () => {
    const names = new Map<string, string>();
    for (const n of data.crypto_assets.flatMap((a) => a.networks)) {
      expect(names.get(n.code) ?? n.name, n.code).toBe(n.name);
      names.set(n.code, n.name);
    }
  });

  it('has the agreed assets with their on-chain decimals', () => {
    const decimals = (code: string, network: string) =>
      data.crypto_assets.find((a) => a.code === code)?.networks.find((n) => n.code === network)?.decimals;
    expect(decimals('BTC', 'BTC')).toBe(8);
    expect(decimals('ETH', 'ERC20')).toBe(18);
    expect(decimals('USDT', 'TRC20')).toBe(6);
    expect(decimals('USDT', 'ERC20')).toBe(6);
    expect(decimals('USDT', 'BEP20')).toBe(18);
    expect(decimals('USDT', 'TON')).toBe(6);
    expect(decimals('TON', 'TON')).toBe(9);
    expect(decimals('TRX', 'TRC20')).toBe(6);
    expect(decimals('SOL', 'SOL')).toBe(9);
    expect(decimals('LTC', 'LTC')).toBe(8);
    expect(decimals('XRP', 'XRP')).toBe(6);
  });

  it('XRP needs a destination tag', () => {
    expect(data.crypto_assets.find((a) => a.code === 'XRP')?.networks.every((n) => n.memo)).toBe(true);
  });
});

describe('bank codes', () => {
  it('codes are unique, upper case and start with their country', () => {
    const codes = data.bank_codes.map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const b of data.bank_codes) expect(b.code.startsWith(`${b.country}_`), b.code).toBe(true);
  });

  it('countries are ISO 3166-1 codes and cover the payout countries', () => {
    for (const b of data.bank_codes) expect(isCountryCode(b.country), b.country).toBe(true);
    const countries = new Set(data.bank_codes.map((b) => b.country));
    for (const c of ['BR', 'MX', 'AR', 'CO', 'PE', 'CL', 'IN', 'NG', 'KE', 'UA', 'TR', 'PH'])
      expect(countries.has(c), c).toBe(true);
  });

  it('national identifiers have the national format', () => {
    const formats: Record<string, RegExp> = {
      BR: /^\d{8}$/,
      MX: /^\d{3}$/,
      AR: /^\d{3}$/,
      CO: /^\d{3,4}$/,
      PE: /^\d{3}$/,
      CL: /^\d{3}$/,
      IN: /^[A-Z]{4}$/,
      NG: /^(\d{3}|\d{6})$/,
      KE: /^\d{2}$/,
      UA: /^\d{6}$/,
      TR: /^\d{4}$/,
      PH: /^[A-Z]{6}[A-Z0-9]{2}$/,
      ZA: /^\d{6}$/,
      PK: /^[A-Z]{4}$/,
      VE: /^\d{4}$/,
    };
    for (const b of data.bank_codes) {
      if (b.national_id === undefined) continue;
      expect(formats[b.country], `format for ${b.country}`).toBeDefined();
      expect(b.national_id, b.code).toMatch(formats[b.country]!);
    }
  });

  it('a national identifier is used by one bank per country', () => {
    const ids = data.bank_codes.filter((b) => b.national_id).map((b) => `${b.country}:${b.national_id}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('statuses, error codes and failure reasons', () => {
  it('codes are unique in each file', () => {
    for (const name of ['transaction_statuses', 'api_error_codes', 'failure_reasons'] as const) {
      const codes = data[name].map((r) => r.code);
      expect(new Set(codes).size, name).toBe(codes.length);
    }
  });

  it('status transitions point at existing statuses, and final statuses have none', () => {
    const codes = new Set(data.transaction_statuses.map((s) => s.code));
    for (const s of data.transaction_statuses) {
      for (const t of s.transitions) expect(codes.has(t), `${s.code} → ${t}`).toBe(true);
      if (s.final) expect(s.transitions, s.code).toEqual([]);
    }
  });

  it('API v1 numbers are unique', () => {
    const numbers = data.api_error_codes.map((e) => e.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
