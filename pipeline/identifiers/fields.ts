/**
 * Identifier examples recognised by the field they are the value of, not by their shape
 * alone: `recipient_card_number: "4000…"` is a card number, `"tax_id": "ESB…"` a Spanish
 * NIF, `customer.document_id` on an Argentine page a CUIT. Read from frontmatter (a key,
 * or the `name` beside an `example`) and from key–value pairs in page bodies (JSON, YAML,
 * form fields, PHP arrays). ./examples.ts checks them with the shapes' own examples.
 */
import type { IdentifierKind } from './validators.ts';

export interface FieldRule {
  kind: IdentifierKind;
  /** The field name (its last segment, after `.` or `[`), case-insensitive. */
  field: RegExp;
  /** What the value must look like to be checked as this kind (a placeholder or a masked number is not). */
  value: RegExp;
  /** Countries whose pages the rule applies to; all pages when absent. */
  countries?: string[];
}

const DIGITS = (n: string) => new RegExp(`^[\\d .-]{${n}}$`);

export const FIELD_RULES: FieldRule[] = [
  { kind: 'card', field: /(?:^|_)(?:card_?number|pan)$/i, value: /^\d[\d ]{11,22}$/ },
  { kind: 'iban', field: /(?:^|_)iban$/i, value: /^[A-Z]{2}\d{2}[A-Z0-9 ]{10,36}$/ },
  { kind: 'cpf', field: /(?:^|_)cpf$/i, value: DIGITS('11,14') },
  { kind: 'cnpj', field: /(?:^|_)cnpj$/i, value: /^[\d ./-]{14,18}$/ },
  { kind: 'cpf', field: /(?:^|_)document_id$/i, value: /^\d{11}$/, countries: ['BR'] },
  { kind: 'cnpj', field: /(?:^|_)document_id$/i, value: /^\d{14}$/, countries: ['BR'] },
  { kind: 'clabe', field: /(?:^|_)clabe$/i, value: /^\d{18}$/ },
  { kind: 'cbu', field: /(?:^|_)(?:cbu|cvu)$/i, value: /^\d{22}$/ },
  { kind: 'cuit', field: /(?:^|_)(?:cuit|cuil)$/i, value: DIGITS('11,13') },
  // On an Argentine page a document id of 11 digits is a CUIT/CUIL (a DNI has 7 or 8).
  { kind: 'cuit', field: /(?:^|_)(?:document_id|tax_id)$/i, value: /^\d{2}-?\d{8}-?\d$/, countries: ['AR'] },
  { kind: 'rfc', field: /(?:^|_)rfc$/i, value: /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/ },
  // On a Mexican page a document id in the RFC's shape is one (a CURP has 18 characters).
  { kind: 'rfc', field: /(?:^|_)(?:document_id|tax_id)$/i, value: /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/, countries: ['MX'] },
  { kind: 'nif', field: /(?:^|_)(?:nif|nie|cif)$/i, value: /^(?:ES)?[A-Z\d]\d{7}[A-Z\d]$/ },
  // A tax id in the Spanish VAT form (`ES` and a NIF) on any page, as invoices carry it.
  { kind: 'nif', field: /(?:^|_)(?:tax_id|vat_number|vat_id)$/i, value: /^ES[A-Z\d]\d{7}[A-Z\d]$/ },
  { kind: 'vat', field: /(?:^|_)(?:tax_id|vat_number|vat_id)$/i, value: /^GB(?:\d{9}|\d{12})$/ },
  { kind: 'phone', field: /(?:^|_)(?:phone|phone_number|msisdn)$/i, value: /^\+?\d[\d ]{6,18}$/ },
];

const GROUPED: Partial<Record<IdentifierKind, RegExp>> = {
  card: / /g,
  iban: / /g,
  phone: / /g,
  cpf: /[ .-]/g,
  cnpj: /[ ./-]/g,
  cuit: /[ -]/g,
};

/**
 * The check's own spelling of a value: card, account and document numbers without the spaces or
 * dots that group them.
 */
export const compactValue = (kind: IdentifierKind, value: string): string => {
  const separators = GROUPED[kind];
  return separators ? value.replace(separators, '') : value;
};

/** The rule that says what a value of `field` is, if any applies on a page of `countries`. */
export function fieldRule(field: string, value: string, countries: Set<string>): FieldRule | undefined {
  const name = field.split(/[.[]/).at(-1) ?? field;
  return FIELD_RULES.find(
    (r) => r.field.test(name) && r.value.test(value) && (!r.countries || r.countries.some((c) => countries.has(c))),
  );
}

/** A frontmatter value (string or whole number) with its path and the field it is the value of. */
export interface FieldValue {
  value: string;
  path: (string | number)[];
  field: string;
}

/** Every scalar of a frontmatter value with the field it belongs to: its key, or the `name` beside an `example`. */
export function* fieldValues(value: unknown, path: (string | number)[] = [], field = ''): Generator<FieldValue> {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value)))
    yield { value: String(value), path, field };
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* fieldValues(v, [...path, i], field);
  else if (value && typeof value === 'object') {
    const name = (value as { name?: unknown }).name;
    for (const [k, v] of Object.entries(value)) {
      const of = k === 'example' && typeof name === 'string' ? name : k;
      yield* fieldValues(v, [...path, k], of);
    }
  }
}

/** `"key": "value"`, `key: value`, `key=value`, `'key' => 'value'`: a key–value pair in a body. */
const KEY_VALUE =
  /(?<![\w.])["'`]?([A-Za-z][\w.]*)["'`]?[ \t]*(?:=>|:|=)[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`|([+\w.-]+))/g;

/** Every key–value pair of a page body with its 0-based offset. */
export function* bodyPairs(body: string): Generator<{ field: string; value: string; index: number }> {
  for (const m of body.matchAll(KEY_VALUE))
    yield { field: m[1], value: (m[2] ?? m[3] ?? m[4] ?? m[5]).trim(), index: m.index };
}
