/** Identifier examples (pipeline/identifiers/examples.ts). Registered in pipeline/rules.ts. */
import { inArea } from './area.ts';

const why =
  'Integrators copy examples into their tests and forms; a number that fails its own check ' +
  "digits is rejected by the gateway and by the customer's bank, and teaches the wrong format.";
const fix =
  'Use a sandbox value that passes the check — test data from content/data/sandbox_values.yaml ' +
  'or test_cards.yaml, or a number computed with the algorithm the rule names.';

export const identifierRules = inArea('crossCheck', {
  'example-iban': {
    summary:
      'An IBAN example (in a page body, a code block or frontmatter, or the value ' +
      "of an `*iban` field) fails the ISO 13616 mod-97 check or its country's length.",
    why,
    fix,
  },
  'example-clabe': {
    summary: 'An 18-digit CLABE example on a Mexican method page fails its check digit (weights 3, 7, 1).',
    why,
    fix,
  },
  'example-cbu': {
    summary: 'A 22-digit CBU/CVU example on an Argentine method page fails one of its two check digits.',
    why,
    fix,
  },
  'example-cci': {
    summary: 'A 20-digit CCI example on a Peruvian method page fails one of its two check digits.',
    why,
    fix,
  },
  'example-cpf-cnpj': {
    summary:
      'A CPF (11 digits) or CNPJ (14 digits) example after `cpf`, `cnpj` ' +
      'or `document_id` on a Brazilian method page fails its check digits.',
    why,
    fix,
  },
  'example-card': {
    summary:
      'A card number example (after a card word: `card_number`, "test card"…, or the value of a field ' +
      'named like a card number: `recipient_card_number`, `card.number`, `*_pan`) fails the Luhn check.',
    why,
    fix,
  },
  'example-nif': {
    summary:
      'A Spanish NIF, NIE or CIF example (a `nif`, `nie` or `cif` field, ' +
      'or a `tax_id` in the VAT form `ES…`) fails its control character.',
    why,
    fix,
  },
  'example-cuit': {
    summary:
      'An Argentine CUIT/CUIL example (a `cuit` or `cuil` field, or an 11-digit ' +
      '`document_id` on an Argentine method page) fails its mod-11 check digit.',
    why,
    fix,
  },
  'example-rfc': {
    summary:
      'A Mexican RFC example (an `rfc` field, or a `document_id` in the RFC shape ' +
      'on a Mexican method page) has an impossible date or fails its check character.',
    why,
    fix,
  },
  'example-vat': {
    summary:
      'A UK VAT number example (a `tax_id`, `vat_number` or `vat_id` ' +
      'of `GB` and 9 or 12 digits) fails its mod-97 check digits.',
    why,
    fix,
  },
  'example-phone': {
    summary:
      'An E.164 phone example (`"+…"`) is not a valid number of its country ' +
      '(libphonenumber-js metadata); +44 7700 900xxx, kept for fiction, is allowed.',
    why,
    fix,
  },
  'example-crypto-address': {
    summary:
      'A crypto address example is malformed for its network: a ' +
      'Tron address fails base58check, a TON address its CRC16.',
    why,
    fix,
  },
});
