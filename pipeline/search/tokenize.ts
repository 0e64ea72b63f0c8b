/**
 * Tokens as integrators type them, in English and Russian: words, identifiers whole
 * and in pieces (`payment_method` → payment_method, payment, method;
 * `/api/v2/transaction/create` → its segments), and Snowball stems of both languages.
 * Shared by the index builder (Node) and the search worker (browser).
 */
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemRu } from '@orama/stemmers/russian';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_\-./]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const word = m[0];
    out.push(word);
    if (/[_\-./]/.test(word)) for (const piece of word.split(/[_\-./]+/)) if (piece) out.push(piece);
  }
  return out;
}

export function stem(word: string): string {
  return /[а-яё]/.test(word) ? stemRu(word) : /^[a-z]+$/.test(word) ? stemEn(word) : word;
}

/** Stemmed tokens joined by spaces (deduplicated). */
export function stemText(text: string): string {
  return [...new Set(tokens(text).map(stem))].join(' ');
}

/** Identifier pieces appended so a fuzzy search finds `wallet` inside `wallet-transfers`. */
export function expandIdentifiers(text: string): string {
  const extra = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z0-9]+(?:[_\-./][A-Za-z0-9]+)+/g)) for (const p of m[0].split(/[_\-./]+/)) extra.add(p);
  return extra.size ? `${text} ${[...extra].join(' ')}` : text;
}
