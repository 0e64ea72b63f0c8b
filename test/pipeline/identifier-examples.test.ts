/**
 * `paydocs check` rejects an identifier example that fails its own check
 * (pipeline/identifiers/): each validator on a known-good and a known-bad value, then a
 * broken example of each kind — in a page body, a code block or the frontmatter — named
 * with its rule, file, line and value.
 */
import { describe, expect, it } from 'vitest';
import { validators } from '../../pipeline/identifiers/validators.ts';
import { checkIdentifierExamples } from '../../pipeline/identifiers/examples.ts';
import type { PageSource } from '../../pipeline/content/validate.ts';
import { crossCheck } from '../../pipeline/content/cross-check.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { currencyMinorUnits, isCountryCode, isCurrencyCode } from '../../pipeline/sources/index.ts';
import { fixtureCopy } from '../helpers.ts';

describe('validators', () => {
  it.each([
    ['iban', 'DE89370400440532013000', 'DE89370400440532013001'],
    ['card', '4000000000000010', '4000000000000011'],
    ['clabe', '002010077777777771', '002010077777777772'],
    ['cbu', '2850590940090418135201', '2850590940090418135202'],
    ['cci', '00219100123456789053', '00219100123456789012'],
    ['cpf', '52998224725', '52998224726'],
    ['cnpj', '11222333000181', '11222333000182'],
    ['phone', '+5511987654321', '+551198765'],
    // Published examples: the DNI 12345678Z, the NIE X1234567L, the CIF A58818501 and the VAT form ESB12345674.
    ['nif', '12345678Z', '12345678A'],
    ['nif', 'A58818501', 'A58818502'],
    ['nif', 'ESB12345674', 'ESB12345678'],
    ['nif', 'X1234567L', 'X1234567A'],
    ['cuit', '20267565393', '20267565394'],
    ['vat', 'GB980780684', 'GB123456789'],
    ['cuit', '20-30123456-3', '20-30123456-4'],
    // The RFC of the SAT's own guide, then an impossible date and a wrong check character.
    ['rfc', 'GODE561231GR8', 'GODE561331GR8'],
    ['rfc', 'GODE561231GR8', 'GODE561231GR9'],
    ['tron', 'TKKt5H9jZkpNRLKHCqzi2WEdmrmuxrnjZU', 'TXk9Pd3Qm2Vb8Lr5Wc7Yh4Jn6Fs1Gt3KaE'],
    ['ton', 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2', 'UQBm4Lk8Pd2Qx7Vr3Ws9Yc5Hn1Jt6Fg0Ka2MbNdPe8RsTq'],
  ] as const)('%s accepts a valid value and rejects a broken one', (kind, good, bad) => {
    expect(validators[kind](good)).toBe(true);
    expect(validators[kind](bad)).toBe(false);
  });

  it('phones reserved for fiction (+44 7700 900xxx) pass; all-same-digit CPFs fail', () => {
    expect(validators.phone('+447700900123')).toBe(true);
    expect(validators.cpf('11111111111')).toBe(false);
  });
});

/**
 * A method page of `countries` whose body is `body` (line 3 onwards) and whose frontmatter lines
 * are 1-based by key.
 */
function page(body: string, countries: string[] = ['DE'], input: Record<string, string> = {}): PageSource {
  const method = { countries, test_data: [{ outcome: 'success', input, result: 'ok' }] };
  return {
    route: '/services/x',
    file: '/x.md',
    relFile: 'content/services/x.md',
    hash: 'h',
    frontmatterHash: 'h',
    body,
    bodyLine: 3,
    frontmatter: { kind: 'payment-method', title: 'X', description: 'x', keywords: [], method } as never,
    lineOf: (path) => (path.includes('input') ? 2 : 1),
  };
}
const found = (p: PageSource) =>
  checkIdentifierExamples(p).map((d) => `${d.rule} ${d.line} ${d.field ?? ''} ${d.message}`.replace(/ {2}/g, ' '));

describe('a broken identifier example of each kind is rejected', () => {
  it.each([
    [
      'example-iban',
      ['DE'],
      'Pay to `DE89370400440532013001`.',
      'DE89370400440532013001',
      'an IBAN that passes mod 97',
    ],
    [
      'example-clabe',
      ['MX'],
      'The CLABE is `646180158012345676`.',
      '646180158012345676',
      'a CLABE with a valid check digit',
    ],
    [
      'example-cbu',
      ['AR'],
      'CVU `0000031400098765432104`.',
      '0000031400098765432104',
      'a CBU/CVU with valid check digits',
    ],
    ['example-cci', ['PE'], 'CCI `00219100123456789012`.', '00219100123456789012', 'a CCI with valid check digits'],
    [
      'example-cpf-cnpj',
      ['BR'],
      '```json\n{ "document_id": "52998224726" }\n```',
      '52998224726',
      'a CPF with valid check digits',
    ],
    ['example-card', ['US'], 'Use test card `4000000000000011`.', '4000000000000011', 'a card number that passes Luhn'],
    ['example-phone', ['KE'], '| `+25470000000` | fails |', '+25470000000', 'a valid E.164 number of its country'],
    [
      'example-crypto-address',
      ['US'],
      '```json\n{ "address": "TXk9Pd3Qm2Vb8Lr5Wc7Yh4Jn6Fs1Gt3KaE" }\n```',
      'TXk9Pd3Qm2Vb8Lr5Wc7Yh4Jn6Fs1Gt3KaE',
      'a Tron address (base58check)',
    ],
  ])('%s', (rule, countries, body, value, label) => {
    const line = 3 + body.split('\n').findIndex((l) => l.includes(value));
    expect(found(page(body, countries))).toEqual([`${rule} ${line} Expected ${label}, found "${value}"`]);
  });

  it('a broken TON address and a frontmatter example are named with their field', () => {
    expect(found(page('`UQBm4Lk8Pd2Qx7Vr3Ws9Yc5Hn1Jt6Fg0Ka2MbNdPe8RsTq`'))[0]).toMatch(
      /^example-crypto-address 3 Expected a TON address/,
    );
    expect(found(page('x', ['KE'], { 'customer.phone': '+2547000004021' }))).toEqual([
      'example-phone 2 method.test_data[0].input.customer.phone Expected ' +
        'a valid E.164 number of its country, found "+2547000004021"',
    ]);
  });

  it("looks a frontmatter example's line up only when it fails (a lookup parses the page's YAML again)", () => {
    const lookups: string[] = [];
    const counted = (p: PageSource): PageSource => ({
      ...p,
      lineOf: (path) => {
        lookups.push(path.join('.'));
        return p.lineOf(path);
      },
    });
    expect(found(counted(page('x', ['KE'], { 'customer.phone': '+254700000000' })))).toEqual([]);
    expect(lookups).toEqual([]);
    expect(found(counted(page('x', ['KE'], { 'customer.phone': '+2547000004021' })))).toHaveLength(1);
    expect(lookups).toEqual(['method.test_data.0.input.customer.phone']);
  });

  it.each([
    ['example-card', ['UA'], { recipient_card_number: '4000000000000011' }, 'a card number that passes Luhn'],
    ['example-card', ['UA'], { payer_pan: '4000 0000 0000 0011' }, 'a card number that passes Luhn'],
    ['example-iban', ['UA'], { beneficiary_iban: 'UA493052990000026000000000002' }, 'an IBAN that passes mod 97'],
    [
      'example-nif',
      ['ES'],
      { 'customer.tax_id': 'ESB12345678' },
      'a Spanish NIF/NIE/CIF with a valid control character',
    ],
    [
      'example-cuit',
      ['AR'],
      { 'customer.document_id': '20301234564' },
      'an Argentine CUIT/CUIL with a valid check digit',
    ],
    ['example-rfc', ['MX'], { 'recipient.rfc': 'GODE561231GR9' }, 'a Mexican RFC with a valid check character'],
    ['example-cpf-cnpj', ['BR'], { 'customer.cpf': '529.982.247-26' }, 'a CPF with valid check digits'],
    ['example-vat', ['GB'], { 'merchant.tax_id': 'GB123456789' }, 'a UK VAT number with valid check digits'],
  ] as const)('%s is recognised by its field: %j', (rule, countries, input, label) => {
    const [[key, value]] = Object.entries(input);
    expect(found(page('x', [...countries], input))).toEqual([
      `${rule} 2 method.test_data[0].input.${key} Expected ${label}, found "${value}"`,
    ]);
  });

  it('a body key–value pair is recognised by its key: JSON, YAML, form fields', () => {
    const body = [
      '```json',
      '{ "recipient_card_number": "4000000000000011", "tax_id": "ESB12345678" }',
      '```',
      '```bash',
      'curl -d cuit=20301234564 -d recipient_pan=4000000000000010',
      '```',
    ].join('\n');
    expect(found(page(body, ['AR']))).toEqual([
      'example-card 4 Expected a card number that passes Luhn, found "4000000000000011"',
      'example-nif 4 Expected a Spanish NIF/NIE/CIF with a valid control character, found "ESB12345678"',
      'example-cuit 7 Expected an Argentine CUIT/CUIL with a valid check digit, found "20301234564"',
    ]);
  });

  it('a field checks only values of its shape: placeholders, masked numbers and DNIs pass', () => {
    const input = {
      recipient_card_number: '400000******0010',
      card_number: '<the card number>',
      'customer.document_id': '30123456',
      tax_id: 'GST 12-3456789',
    };
    expect(found(page('`"card_number": "{{card}}"`', ['AR'], input))).toEqual([]);
  });

  it('account shapes apply by country: 18 digits are not a CLABE on a German page', () => {
    expect(found(page('Reference `646180158012345676`.', ['DE']))).toEqual([]);
  });

  it("runs in the build's cross-check: the fixture passes, a broken example fails", async () => {
    const check = async (edit: Record<string, string>) => {
      const site = await fixtureCopy(edit);
      try {
        const { site: model } = validateContent(await loadContent(site.root));
        return crossCheck(model!, { isCountryCode, isCurrencyCode, currencyMinorUnits }).map((d) => [d.file, d.rule]);
      } finally {
        await site.cleanup();
      }
    };
    expect(await check({})).toEqual([]);
    const intro =
      '---\ntitle: Introduction\ndescription: A description that is long enough.\nkeywords: [x]\n---\n' +
      'Call `+1202555014` to test.\n';
    expect(await check({ 'content/introduction.md': intro })).toEqual([['content/introduction.md', 'example-phone']]);
  });
});
