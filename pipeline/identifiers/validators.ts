/**
 * Check digits of the identifiers documentation shows as examples: bank accounts
 * (IBAN mod 97 via ibantools, Mexican CLABE, Argentine CBU/CVU, Peruvian CCI),
 * Brazilian CPF/CNPJ, card numbers (Luhn), E.164 phones (libphonenumber-js metadata)
 * and crypto addresses by network (Tron base58check, TON user-friendly CRC16), and tax ids
 * by the stdnum package (Spanish NIF/NIE/CIF, Argentine CUIT/CUIL, Mexican RFC, UK VAT). Each is a
 * pure `(value) => boolean`; ./examples.ts and ./fields.ts find the values on pages.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { passesLuhn } from '../sources/luhn.ts';

const require = createRequire(import.meta.url);
/** Loaded on first use: the phone metadata is large, and most checks never need it. */
let phone: { isValidPhoneNumber(n: string): boolean } | undefined;
let iban: { isValidIBAN(n: string): boolean } | undefined;
/** One stdnum validator, loaded on first use (its CommonJS build: the ESM one omits file extensions Node needs). */
type StdnumValidator = { validate(n: string): { isValid: boolean } };
const stdnum = (load: () => StdnumValidator) => {
  let validator: StdnumValidator | undefined;
  return (v: string) => (validator ??= load()).validate(v).isValid;
};

const digits = (s: string) => [...s].map(Number);
const weighted = (s: string, weights: number[]) =>
  digits(s).reduce((sum, d, i) => sum + d * weights[i % weights.length], 0);
const mod10Check = (sum: number) => (10 - (sum % 10)) % 10;

export const validators = {
  iban: (v: string) => (iban ??= require('ibantools') as typeof iban)!.isValidIBAN(v),
  card: (v: string) => /^\d{12,19}$/.test(v) && passesLuhn(v),
  /** CLABE: weights 3, 7, 1 over the first 17 digits, each product mod 10; check = (10 − sum mod 10) mod 10. */
  clabe: (v: string) =>
    /^\d{18}$/.test(v) &&
    mod10Check(digits(v.slice(0, 17)).reduce((acc, d, i) => acc + ((d * [3, 7, 1][i % 3]) % 10), 0)) === Number(v[17]),
  /** CBU/CVU: block 1 (bank and branch, 7 digits) weights 7,1,3,9; block 2 (account, 13 digits) weights 3,9,7,1. */
  cbu: (v: string) =>
    /^\d{22}$/.test(v) &&
    mod10Check(weighted(v.slice(0, 7), [7, 1, 3, 9])) === Number(v[7]) &&
    mod10Check(weighted(v.slice(8, 21), [3, 9, 7, 1])) === Number(v[21]),
  /** CCI: bank+branch (6 digits) and account (12 digits) each get a Luhn-style digit, weights 1, 2 from the left. */
  cci: (v: string) => {
    if (!/^\d{20}$/.test(v)) return false;
    const check = (block: string) =>
      mod10Check(
        digits(block).reduce((acc, d, i) => {
          const p = d * (i % 2 ? 2 : 1);
          return acc + Math.floor(p / 10) + (p % 10);
        }, 0),
      );
    return check(v.slice(0, 6)) === Number(v[18]) && check(v.slice(6, 18)) === Number(v[19]);
  },
  cpf: (v: string) => {
    if (!/^\d{11}$/.test(v) || /^(\d)\1{10}$/.test(v)) return false;
    const dv = (len: number) => {
      const r = (digits(v.slice(0, len)).reduce((acc, d, i) => acc + d * (len + 1 - i), 0) * 10) % 11;
      return r === 10 ? 0 : r;
    };
    return dv(9) === Number(v[9]) && dv(10) === Number(v[10]);
  },
  cnpj: (v: string) => {
    if (!/^\d{14}$/.test(v)) return false;
    const dv = (len: number) => {
      const r =
        weighted(
          v.slice(0, len),
          len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
        ) % 11;
      return r < 2 ? 0 : 11 - r;
    };
    return dv(12) === Number(v[12]) && dv(13) === Number(v[13]);
  },
  /**
   * Spanish NIF: a DNI (8 digits and a letter), NIE (X/Y/Z…) or company CIF, each with its control
   * character; `ES` before it allowed (the VAT form).
   */
  nif: stdnum(() => require('stdnum/lib/cjs/es/nif')),
  /** Argentine CUIT/CUIL: 11 digits, the last a mod-11 check digit (weights 5, 4, 3, 2, 7, 6, 5, 4, 3, 2). */
  cuit: stdnum(() => require('stdnum/lib/cjs/ar/cuit')),
  /** Mexican RFC: 12 (company) or 13 (person) characters, a date of birth or foundation, and a check character. */
  rfc: stdnum(() => require('stdnum/lib/cjs/mx/rfc')),
  /**
   * UK VAT number: `GB` and 9 digits (or 12, a branch), the 7 first weighted 8 to 2 and the last
   * two making the sum divisible by 97.
   */
  vat: stdnum(() => require('stdnum/lib/cjs/gb/vat')),
  /** E.164 and valid for its country; Ofcom keeps +44 7700 900000–900999 for fiction, numbers that reach no one. */
  phone: (v: string) =>
    /^\+447700900\d{3}$/.test(v) || (phone ??= require('libphonenumber-js/max') as typeof phone)!.isValidPhoneNumber(v),
  /** Tron: base58check of 0x41 + 20 bytes; checksum = first 4 bytes of double SHA-256. */
  tron: (v: string) => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    let n = 0n;
    for (const c of v) {
      const i = alphabet.indexOf(c);
      if (i < 0) return false;
      n = n * 58n + BigInt(i);
    }
    const bytes = Buffer.from(n.toString(16).padStart(50, '0'), 'hex');
    if (bytes.length !== 25 || bytes[0] !== 0x41) return false;
    const sha = (b: Buffer) => createHash('sha256').update(b).digest();
    return sha(sha(bytes.subarray(0, 21)))
      .subarray(0, 4)
      .equals(bytes.subarray(21));
  },
  /** TON user-friendly: base64url of a flag byte, workchain, 32-byte hash and CRC16-XMODEM of the 34 bytes. */
  ton: (v: string) => {
    if (!/^[A-Za-z0-9_-]{48}$/.test(v)) return false;
    const b = Buffer.from(v, 'base64url');
    let crc = 0;
    for (const byte of b.subarray(0, 34)) {
      crc ^= byte << 8;
      for (let i = 0; i < 8; i++) crc = (crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1) & 0xffff;
    }
    return [0x11, 0x51, 0x91, 0xd1].includes(b[0]) && crc === b.readUInt16BE(34);
  },
} satisfies Record<string, (value: string) => boolean>;

export type IdentifierKind = keyof typeof validators;
