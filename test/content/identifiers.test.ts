/**
 * Identifier examples on the real site pass their own check digits (issue 16, "Trust the
 * examples"): IBAN (mod 97, ibantools), CLABE, CBU/CVU, CCI, CPF/CNPJ, card numbers
 * (Luhn), E.164 phones (libphonenumber-js), Tron and TON addresses. Each validator is
 * tested on a known-good and a known-bad value first, so a broken validator cannot pass
 * everything.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { isValidIBAN } from 'ibantools';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { loadSiteModel } from './site-model.ts';

const digits = (s: string) => [...s].map(Number);
const weighted = (s: string, weights: number[]) => digits(s).reduce((sum, d, i) => sum + d * weights[i % weights.length], 0);

export const validators = {
  luhn(n: string) {
    const sum = digits(n).reverse().reduce((acc, d, i) => acc + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
    return /^\d{12,19}$/.test(n) && sum % 10 === 0;
  },
  /** Mexican CLABE: weights 3, 7, 1 over the first 17 digits; check = (10 − sum mod 10) mod 10. */
  clabe(n: string) {
    const sum = digits(n.slice(0, 17)).reduce((acc, d, i) => acc + ((d * [3, 7, 1][i % 3]) % 10), 0);
    return /^\d{18}$/.test(n) && (10 - (sum % 10)) % 10 === Number(n[17]);
  },
  /** Argentine CBU/CVU: block 1 (8 digits) weights 7,1,3,9,7,1,3; block 2 (14) weights 3,9,7,1,… */
  cbu(n: string) {
    if (!/^\d{22}$/.test(n)) return false;
    const check = (block: string, weights: number[]) => (10 - (weighted(block, weights) % 10)) % 10;
    return check(n.slice(0, 7), [7, 1, 3, 9, 7, 1, 3]) === Number(n[7]) && check(n.slice(8, 21), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]) === Number(n[21]);
  },
  /** Peruvian CCI: bank+branch and account each get a Luhn-style digit (weights 1, 2 from the left). */
  cci(n: string) {
    if (!/^\d{20}$/.test(n)) return false;
    const check = (block: string) => (10 - (digits(block).reduce((acc, d, i) => { const p = d * (i % 2 ? 2 : 1); return acc + Math.floor(p / 10) + (p % 10); }, 0) % 10)) % 10;
    return check(n.slice(0, 6)) === Number(n[18]) && check(n.slice(6, 18)) === Number(n[19]);
  },
  cpf(n: string) {
    if (!/^\d{11}$/.test(n) || /^(\d)\1{10}$/.test(n)) return false;
    const dv = (len: number) => { const r = (digits(n.slice(0, len)).reduce((acc, d, i) => acc + d * (len + 1 - i), 0) * 10) % 11; return r === 10 ? 0 : r; };
    return dv(9) === Number(n[9]) && dv(10) === Number(n[10]);
  },
  cnpj(n: string) {
    if (!/^\d{14}$/.test(n)) return false;
    const dv = (len: number) => { const w = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]; const r = weighted(n.slice(0, len), w) % 11; return r < 2 ? 0 : 11 - r; };
    return dv(12) === Number(n[12]) && dv(13) === Number(n[13]);
  },
  /** Tron: base58check of 0x41 + 20 bytes, checksum = first 4 bytes of double SHA-256. */
  tron(a: string) {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    let n = 0n;
    for (const c of a) { const i = alphabet.indexOf(c); if (i < 0) return false; n = n * 58n + BigInt(i); }
    const bytes = Buffer.from(n.toString(16).padStart(50, '0'), 'hex');
    if (bytes.length !== 25 || bytes[0] !== 0x41) return false;
    const sha = (b: Buffer) => createHash('sha256').update(b).digest();
    return sha(sha(bytes.subarray(0, 21))).subarray(0, 4).equals(bytes.subarray(21));
  },
  /** TON user-friendly: base64url of flag, workchain, 32-byte hash, CRC16-XMODEM. */
  ton(a: string) {
    if (!/^[A-Za-z0-9_-]{48}$/.test(a)) return false;
    const b = Buffer.from(a, 'base64url');
    let crc = 0;
    for (const byte of b.subarray(0, 34)) {
      crc ^= byte << 8;
      for (let i = 0; i < 8; i++) crc = (crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1) & 0xffff;
    }
    return [0x11, 0x51, 0x91, 0xd1].includes(b[0]) && crc === b.readUInt16BE(34);
  },
};

describe('validators', () => {
  it.each([
    ['luhn', '4000000000000010', '4000000000000011'],
    ['clabe', '002010077777777771', '002010077777777772'],
    ['cbu', '2850590940090418135201', '2850590940090418135202'],
    ['cci', '00219100123456789053', '00219100123456789012'],
    ['cpf', '52998224725', '52998224726'],
    ['cnpj', '11222333000181', '11222333000182'],
    ['tron', 'TKKt5H9jZkpNRLKHCqzi2WEdmrmuxrnjZU', 'TXk9Pd3Qm2Vb8Lr5Wc7Yh4Jn6Fs1Gt3KaE'],
    ['ton', 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2', 'UQBm4Lk8Pd2Qx7Vr3Ws9Yc5Hn1Jt6Fg0Ka2MbNdPe8RsTq'],
  ] as const)('%s accepts a valid value and rejects a broken one', (name, good, bad) => {
    expect(validators[name](good)).toBe(true);
    expect(validators[name](bad)).toBe(false);
  });
});

const site = await loadSiteModel();
/** Every page's text: body and frontmatter (examples, test data). */
const texts = site.pages.map((p) => ({ route: p.route, text: `${p.body}\n${JSON.stringify(p.frontmatter)}` }));
const found = (re: RegExp, where: (route: string) => boolean = () => true) =>
  [...new Set(texts.filter((t) => where(t.route)).flatMap((t) => [...t.text.matchAll(re)].map((m) => `${t.route} ${m[1]}`)))];
const bad = (list: string[], ok: (value: string) => boolean) => list.filter((entry) => !ok(entry.split(' ')[1]));

describe('identifier examples on the site', () => {
  it('IBANs pass mod 97', () => {
    const ibans = found(/[`"]((?:AL|AT|BE|BG|CH|CY|CZ|DE|DK|EE|EG|ES|FI|FR|GB|GE|GR|HR|HU|IE|IT|KZ|LT|LU|LV|MT|NL|NO|PK|PL|PT|RO|RS|SE|SI|SK|TR|UA)\d{2}[A-Z0-9]{10,30})[`"]/g);
    expect(ibans.length).toBeGreaterThan(10);
    expect(bad(ibans, (v) => isValidIBAN(v))).toEqual([]);
  });

  it('CLABEs pass their check digit', () => {
    const clabes = found(/[`"](\d{18})[`"]/g, (r) => r.startsWith('/services/mexico') || r.includes('spei'));
    expect(clabes.length).toBeGreaterThan(0);
    expect(bad(clabes, validators.clabe)).toEqual([]);
  });

  it('CBU/CVUs pass both check digits', () => {
    const cbus = found(/[`"](\d{22})[`"]/g, (r) => /argentina|cbucvu/.test(r));
    expect(cbus.length).toBeGreaterThan(0);
    expect(bad(cbus, validators.cbu)).toEqual([]);
  });

  it('Peruvian CCIs pass both check digits', () => {
    const ccis = found(/[`"](\d{20})[`"]/g, (r) => r.startsWith('/services/peru'));
    expect(ccis.length).toBeGreaterThan(0);
    expect(bad(ccis, validators.cci)).toEqual([]);
  });

  it('CPFs and CNPJs pass their check digits', () => {
    const br = (r: string) => /brazil|pix|boleto|picpay|open_finance/.test(r);
    const cpfs = found(/(?:cpf|document_id)[^`"\n]{0,40}[`"](\d{11})[`"]/gi, br);
    const cnpjs = found(/(?:cnpj|document_id)[^`"\n]{0,40}[`"](\d{14})[`"]/gi, br);
    expect(cpfs.length + cnpjs.length).toBeGreaterThan(0);
    expect(bad(cpfs, validators.cpf)).toEqual([]);
    expect(bad(cnpjs, validators.cnpj)).toEqual([]);
  });

  it('card numbers pass Luhn', () => {
    const cards = found(/(?:card_number|card\.number|card number|test card|"number":|number:)[^`"\n]{0,30}[`"]([2-6]\d{12,18})[`"]/gi);
    expect(cards.length).toBeGreaterThan(5);
    expect(bad(cards, validators.luhn)).toEqual([]);
  });

  it('E.164 phone numbers are valid numbers of their country', () => {
    const phones = found(/[`"](\+\d{8,15})[`"]/g);
    expect(phones.length).toBeGreaterThan(20);
    // Ofcom keeps +44 7700 900000–900999 for drama: numbers that can never reach a real person.
    const fiction = (v: string) => /^\+447700900\d{3}$/.test(v);
    expect(bad(phones, (v) => isValidPhoneNumber(v) || fiction(v))).toEqual([]);
  });

  it('Tron and TON addresses are well-formed and checksummed', () => {
    const tron = found(/[`"/](T[1-9A-HJ-NP-Za-km-z]{33})[`"?]/g);
    const ton = found(/[`"/]((?:EQ|UQ|kQ|0Q)[A-Za-z0-9_-]{46})[`"?]/g);
    expect(tron.length).toBeGreaterThan(3);
    expect(ton.length).toBeGreaterThan(1);
    expect(bad(tron, validators.tron)).toEqual([]);
    expect(bad(ton, validators.ton)).toEqual([]);
  });
});

describe('Bre-B keys', () => {
  it('every Bre-B key example names its key type', () => {
    const page = site.pages.find((p) => p.route === '/services/colombia/bre_b_payout')!;
    const fm = page.frontmatter as Extract<typeof page.frontmatter, { kind: 'payment-method' }>;
    for (const t of fm.method.test_data) if ('recipient.account_number' in t.input) expect(t.input['recipient.account_type'], JSON.stringify(t.input)).toBeDefined();
    for (const block of page.body.matchAll(/```json\n([\s\S]*?)```/g)) {
      const recipient = JSON.parse(block[1]).recipient;
      if (recipient?.account_number) expect(recipient.account_type).toMatch(/^(id_document|mobile|email|alphanumeric|merchant_code)$/);
    }
    for (const p of site.pages.filter((q) => q.route.startsWith('/services/colombia'))) {
      for (const row of p.body.split('\n').filter((l) => /^\| (ID|Mobile|E-mail|Alphanumeric|Merchant)/.test(l))) expect(row, p.route).toMatch(/`(id_document|mobile|email|alphanumeric|merchant_code)`/);
    }
  });
});
