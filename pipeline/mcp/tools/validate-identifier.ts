/**
 * `validate_identifier(kind, value)`: the check `paydocs check` runs on every example
 * (pipeline/identifiers/validators.ts), with why a value fails — its shape first (length,
 * characters), then its check digits. An invalid value is an answer (`valid: false`), not an error.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { validators, type IdentifierKind } from '../../identifiers/validators.ts';
import { SHAPES } from '../../identifiers/examples.ts';
import { luhnCheckDigit } from '../../sources/luhn.ts';
import { answer, answered } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import { enumOf } from './enum-input.ts';

const require = createRequire(import.meta.url);
/** The kinds issue 54 names, each one `paydocs check` validates (it checks more: nif, cuit, rfc, vat). */
export const IDENTIFIER_KINDS = ['iban', 'clabe', 'cbu', 'cci', 'cpf', 'cnpj', 'card', 'phone', 'tron', 'ton'] as const;
type Kind = (typeof IDENTIFIER_KINDS)[number] & IdentifierKind;

/** Separators people type (spaces, dashes, dots, slashes, parentheses), which no identifier here contains. */
const SEPARATORS: Partial<Record<Kind, RegExp>> = {
  iban: /[\s-]/g,
  card: /[\s-]/g,
  clabe: /[\s-]/g,
  cbu: /[\s-]/g,
  cci: /[\s-]/g,
  cpf: /[\s.\-/]/g,
  cnpj: /[\s.\-/]/g,
  phone: /[\s\-().]/g,
};

const digits = (n: number, what: string) => (v: string) =>
  /^\d+$/.test(v)
    ? v.length === n
      ? undefined
      : `${what} has ${n} digits, this has ${v.length}`
    : `${what} is digits only`;

/** Why a normalised value's shape is wrong (undefined: the shape is right, the check digits decide). */
const SHAPE_PROBLEMS: Record<Kind, (v: string) => string | undefined> = {
  iban: (v) =>
    /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(v)
      ? undefined
      : 'an IBAN is 2 letters, 2 check digits and up to 30 letters or digits',
  card: (v) => (/^\d{12,19}$/.test(v) ? undefined : 'a card number is 12 to 19 digits'),
  clabe: digits(18, 'a CLABE'),
  cbu: digits(22, 'a CBU/CVU'),
  cci: digits(20, 'a CCI'),
  cpf: (v) =>
    digits(11, 'a CPF')(v) ?? (/^(\d)\1{10}$/.test(v) ? 'a CPF of one repeated digit is never issued' : undefined),
  cnpj: digits(14, 'a CNPJ'),
  phone: (v) => (/^\+\d{8,15}$/.test(v) ? undefined : 'an E.164 number is + and 8 to 15 digits, country code first'),
  tron: (v) => (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(v) ? undefined : 'a Tron address is T and 33 base58 characters'),
  ton: (v) => (/^[A-Za-z0-9_-]{48}$/.test(v) ? undefined : 'a user-friendly TON address is 48 base64url characters'),
};

const IBAN_PROBLEMS: Record<number, string> = {
  1: 'its first two letters are no IBAN country',
  2: "its length is not its country's IBAN length",
  3: "its account part does not have its country's format",
  5: 'its check digits (mod 97) do not match',
  6: 'its national check digits do not match',
};

/** Why a value with the right shape fails its check. */
function checkProblem(kind: Kind, v: string): string {
  if (kind === 'iban') {
    const { validateIBAN } = require('ibantools') as typeof import('ibantools');
    const codes = validateIBAN(v).errorCodes;
    return codes.map((c) => IBAN_PROBLEMS[c]).find(Boolean) ?? 'it fails the IBAN check';
  }
  if (kind === 'card')
    return `it fails the Luhn check: with these first digits the last one would be ${luhnCheckDigit(v.slice(0, -1))}`;
  if (kind === 'phone') {
    const { validatePhoneNumberLength } = require('libphonenumber-js/max') as typeof import('libphonenumber-js/max');
    const length = validatePhoneNumberLength(v);
    if (length === 'INVALID_COUNTRY') return 'no country has this calling code';
    if (length) return `it is ${length.toLowerCase().replace(/_/g, ' ')} for its country`;
    return 'it is no valid number of its country (numbering plan)';
  }
  return 'its check digits do not match';
}

export interface IdentifierAnswer {
  kind: Kind;
  value: string;
  normalized: string;
  valid: boolean;
  expected: string;
  reason?: string;
}

export function validateIdentifier(kind: Kind, value: string): IdentifierAnswer {
  const stripped = value.trim().replace(SEPARATORS[kind] ?? /\s/g, '');
  const normalized = kind === 'iban' ? stripped.toUpperCase() : stripped;
  const expected = SHAPES.find((s) => s.kind === kind)?.label ?? kind;
  const shape = SHAPE_PROBLEMS[kind](normalized);
  const valid = !shape && validators[kind](normalized);
  const reason = valid ? undefined : (shape ?? checkProblem(kind, normalized));
  return { kind, value, normalized: normalized, valid, expected, ...(reason ? { reason } : {}) };
}

export function registerValidateIdentifier(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'validate_identifier',
    {
      title: 'Validate an identifier',
      description:
        'Check an identifier the way the documentation checks its examples: IBAN, Mexican CLABE, Argentine ' +
        'CBU/CVU, Peruvian CCI, Brazilian CPF/CNPJ, card number (Luhn), E.164 phone number, Tron or TON ' +
        'address. Answers valid or why not (shape, then check digits); spaces, dashes and dots are ignored.',
      inputSchema: {
        kind: enumOf(IDENTIFIER_KINDS, 'kind'),
        value: z.string().max(200, 'Expected an identifier of at most 200 characters.'),
      },
      outputSchema: {
        kind: z.enum(IDENTIFIER_KINDS),
        value: z.string(),
        normalized: z.string().describe('The value checked: separators removed, an IBAN in upper case.'),
        valid: z.boolean(),
        expected: z.string().describe('What a valid value is.'),
        reason: z.string().optional().describe('Why the value is not valid.'),
      },
      annotations: { title: 'Validate an identifier', ...READ_ONLY },
    },
    ({ kind, value }) =>
      answered(() => {
        const a = validateIdentifier(kind, value);
        const text = a.valid
          ? `Valid: ${a.normalized} is ${a.expected}.`
          : `Not valid: ${a.reason}. Expected ${a.expected}.`;
        return answer(text, { ...a });
      }, ctx.log),
  );
}
