/**
 * Stage (part of cross-check): every identifier example on the site passes its own
 * check — in page bodies (prose, tables and code blocks) and in frontmatter strings
 * (API field examples, method test data, flow examples). A value is recognised by its
 * shape, quoted or in backticks (`"…"`, `` `…` ``, or a whole frontmatter string);
 * account numbers that are only digits by the page's country as well (a CLABE is 18
 * digits on a Mexican method page), CPF/CNPJ by a `cpf`/`cnpj`/`document_id` just
 * before them, card numbers by a card word just before them. A value is also recognised
 * by the field it is given for (./fields.ts: `recipient_card_number`, `tax_id`, `cuit`…).
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { RuleId } from '../rules.ts';
import type { PageSource } from '../content/validate.ts';
import { validators, type IdentifierKind } from './validators.ts';
import { bodyPairs, compactValue, fieldRule, fieldValues } from './fields.ts';

export interface Shape {
  kind: IdentifierKind;
  rule: RuleId;
  label: string;
  /** Group 1 is the value; matched against `"`/`` ` ``-delimited text. None: recognised by its field only. */
  pattern?: RegExp;
  /** Countries (ISO 3166-1) whose pages the shape applies to; all pages when absent. */
  countries?: string[];
}

const IBAN_COUNTRIES =
  'AL|AT|BE|BG|CH|CY|CZ|DE|DK|EE|EG|ES|FI|FR|GB|GE|GR|HR|HU|IE|IT|KZ|LT|LU|LV|MT|NL|NO|PK|PL|PT|RO|RS|SE|SI|SK|TR|UA';

export const SHAPES: Shape[] = [
  {
    kind: 'iban',
    rule: 'example-iban',
    label: 'an IBAN that passes mod 97',
    pattern: new RegExp(`[\`"]((?:${IBAN_COUNTRIES})\\d{2}[A-Z0-9]{10,30})[\`"]`, 'g'),
  },
  {
    kind: 'clabe',
    rule: 'example-clabe',
    label: 'a CLABE with a valid check digit',
    pattern: /[`"](\d{18})[`"]/g,
    countries: ['MX'],
  },
  {
    kind: 'cbu',
    rule: 'example-cbu',
    label: 'a CBU/CVU with valid check digits',
    pattern: /[`"](\d{22})[`"]/g,
    countries: ['AR'],
  },
  {
    kind: 'cci',
    rule: 'example-cci',
    label: 'a CCI with valid check digits',
    pattern: /[`"](\d{20})[`"]/g,
    countries: ['PE'],
  },
  {
    kind: 'cpf',
    rule: 'example-cpf-cnpj',
    label: 'a CPF with valid check digits',
    pattern: /(?:cpf|document_id)[`"]?[^`"\n]{0,40}[`"](\d{11})[`"]/gi,
    countries: ['BR'],
  },
  {
    kind: 'cnpj',
    rule: 'example-cpf-cnpj',
    label: 'a CNPJ with valid check digits',
    pattern: /(?:cnpj|document_id)[`"]?[^`"\n]{0,40}[`"](\d{14})[`"]/gi,
    countries: ['BR'],
  },
  {
    kind: 'card',
    rule: 'example-card',
    label: 'a card number that passes Luhn',
    // A card word, then within 30 characters a quoted 13-19 digit number.
    pattern: new RegExp(
      /(?<![a-z_])(?:card_number|card\.number|card number|test card|"number":|number:)/.source +
        /[^`"\n]{0,30}[`"]([2-6]\d{12,18})[`"]/.source,
      'gi',
    ),
  },
  { kind: 'nif', rule: 'example-nif', label: 'a Spanish NIF/NIE/CIF with a valid control character' },
  { kind: 'cuit', rule: 'example-cuit', label: 'an Argentine CUIT/CUIL with a valid check digit' },
  { kind: 'rfc', rule: 'example-rfc', label: 'a Mexican RFC with a valid check character' },
  { kind: 'vat', rule: 'example-vat', label: 'a UK VAT number with valid check digits' },
  {
    kind: 'phone',
    rule: 'example-phone',
    label: 'a valid E.164 number of its country',
    pattern: /[`"](\+\d{8,15})[`"]/g,
  },
  {
    kind: 'tron',
    rule: 'example-crypto-address',
    label: 'a Tron address (base58check)',
    pattern: /[`"/](T[1-9A-HJ-NP-Za-km-z]{30,36})[`"?]/g,
  },
  {
    kind: 'ton',
    rule: 'example-crypto-address',
    label: 'a TON address (user-friendly, CRC16)',
    pattern: /[`"/]((?:EQ|UQ|kQ|0Q)[A-Za-z0-9_-]{40,52})[`"?]/g,
  },
];

const SHAPE_OF = new Map<IdentifierKind, Shape>();
for (const shape of SHAPES) if (!SHAPE_OF.has(shape.kind)) SHAPE_OF.set(shape.kind, shape);

/** The countries a page is about: a method's own; for other pages none (only country-free shapes apply). */
function pageCountries(page: PageSource): Set<string> {
  const fm = page.frontmatter;
  return new Set(fm.kind === 'payment-method' && fm.method.countries !== 'worldwide' ? fm.method.countries : []);
}

/** Every string of a frontmatter value with its path. */
function* strings(value: unknown, path: (string | number)[] = []): Generator<[string, (string | number)[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, [...path, i]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* strings(v, [...path, k]);
}

/**
 * `line`: read when asked — a frontmatter example's line needs the page's YAML parsed again
 * (`lineOf`), and only a failing example's line is shown.
 */
export interface IdentifierExample {
  shape: Shape;
  value: string;
  readonly line: number | undefined;
  field?: string;
  valid: boolean;
}

/** An example found in a frontmatter string: its shape, the value and where. */
interface FrontmatterFind {
  shape: Shape;
  value: string;
  path: (string | number)[];
  field: string;
}

/** The shapes that apply to a page about these countries. */
const shapesFor = (countries: Set<string>) =>
  SHAPES.filter((s) => !s.countries || s.countries.some((c) => countries.has(c)));

const fieldName = (path: (string | number)[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');

/**
 * What a frontmatter holds, by shape (in SHAPES order) and by field, once per frontmatter object:
 * a validated frontmatter is kept as it is until its file changes, and a body edit of an API page
 * walked its hundreds of strings again (measured: bench/HISTORY.md, issue 52).
 */
const finds = new WeakMap<object, { byShape: Map<Shape, FrontmatterFind[]>; byField: FrontmatterFind[] }>();

function frontmatterFinds(page: PageSource, countries: Set<string>) {
  const kept = finds.get(page.frontmatter);
  if (kept) return kept;
  // The string is the value itself or holds it quoted; its key gives the context (`customer.document_id`).
  // Walked once for all shapes: the frontmatter of a method page holds hundreds of strings.
  const quoted = [...strings(page.frontmatter)].map(([text, path]) => ({
    text: `${String(path.at(-1) ?? '')}: "${text}"`,
    path,
  }));
  const byShape = new Map<Shape, FrontmatterFind[]>();
  for (const shape of shapesFor(countries)) {
    if (!shape.pattern) continue;
    const list: FrontmatterFind[] = [];
    for (const { text, path } of quoted)
      for (const m of text.matchAll(shape.pattern)) list.push({ shape, value: m[1], path, field: fieldName(path) });
    byShape.set(shape, list);
  }
  const byField: FrontmatterFind[] = [];
  for (const { value, path, field } of fieldValues(page.frontmatter)) {
    const rule = fieldRule(field, value, countries);
    if (rule) byField.push({ shape: SHAPE_OF.get(rule.kind)!, value, path, field: fieldName(path) });
  }
  const made = { byShape, byField };
  finds.set(page.frontmatter, made);
  return made;
}

/** Every identifier example of a page, valid or not, once per place. */
export function identifierExamples(page: PageSource): IdentifierExample[] {
  const out: IdentifierExample[] = [];
  const countries = pageCountries(page);
  const seen = new Set<string>();
  /** `place`: a body line or a frontmatter field, which says where as well as a line would. */
  const add = (shape: Shape, value: string, place: string, lineOf: () => number | undefined, field?: string) => {
    const key = `${shape.kind} ${place} ${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    let line: number | undefined | null = null;
    out.push({
      shape,
      value,
      field,
      valid: validators[shape.kind](compactValue(shape.kind, value)),
      get line() {
        return line === null ? (line = lineOf()) : line;
      },
    });
  };
  const inFrontmatter = frontmatterFinds(page, countries);
  const addFind = (f: FrontmatterFind) => add(f.shape, f.value, `field ${f.field}`, () => page.lineOf(f.path), f.field);
  const bodyLineAt = (index: number) => page.bodyLine + page.body.slice(0, index).split('\n').length - 1;
  for (const shape of shapesFor(countries)) {
    if (!shape.pattern) continue;
    for (const m of page.body.matchAll(shape.pattern)) {
      const line = bodyLineAt(m.index);
      add(shape, m[1], `line ${line}`, () => line);
    }
    inFrontmatter.byShape.get(shape)?.forEach(addFind);
  }
  inFrontmatter.byField.forEach(addFind);
  for (const { field, value, index } of bodyPairs(page.body)) {
    const rule = fieldRule(field, value, countries);
    const line = bodyLineAt(index);
    if (rule) add(SHAPE_OF.get(rule.kind)!, value, `line ${line}`, () => line);
  }
  return out;
}

/** The examples that fail their check, as diagnostics. */
export function checkIdentifierExamples(page: PageSource): Diagnostic[] {
  return identifierExamples(page)
    .filter((e) => !e.valid)
    .map((e) => ({
      file: page.relFile,
      line: e.line,
      field: e.field,
      rule: e.shape.rule,
      message: `Expected ${e.shape.label}, found "${e.value}"`,
    }));
}
