/**
 * Tokens as integrators type them, in English and Russian. Shared by the index
 * builder (Node) and the search worker (browser), so the index and the queries
 * agree: it imports nothing from Node.
 *
 * - Case and `ё` are folded (`Платёж` → `платеж`).
 * - Identifiers are kept whole and in pieces: `payment_method` → payment_method,
 *   payment, method; `/api/v2/account/wallet-transfers` → api/v2/account/wallet-transfers,
 *   api, v2, account, wallet-transfers, wallet, transfers.
 * - Snowball stems (en, ru; @orama/stemmers) find inflected forms: fuse.js has none.
 */
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemRu } from '@orama/stemmers/russian';

/** Longest token kept in a shard's vocabulary (longer runs are hashes, URLs, data). */
export const MAX_TOKEN = 48;

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}_\-./]*[\p{L}\p{N}])?/gu;
const SEPARATOR = /[_\-./]/;

/** Lower case, `ё` → `е`: applied to indexed text and queries alike. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** A word and, when it is an identifier, its path segments and pieces (whole first). */
export function identifierParts(word: string): string[] {
  if (!SEPARATOR.test(word)) return [word];
  const parts = new Set([word]);
  for (const segment of word.split(/[./]+/)) {
    if (!segment) continue;
    parts.add(segment);
    if (/[_-]/.test(segment)) for (const piece of segment.split(/[_-]+/)) if (piece) parts.add(piece);
  }
  return [...parts];
}

/** Calls `visit` with each folded word of a text, then with its identifier parts: `tokens` without the array. */
export function eachToken(text: string, visit: (token: string) => void): void {
  for (const [word] of fold(text).matchAll(WORD)) {
    if (SEPARATOR.test(word)) for (const part of identifierParts(word)) visit(part);
    else visit(word);
  }
}

/** The folded words of a text, each followed by its identifier parts. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  eachToken(text, (token) => out.push(token));
  return out;
}

/** One query word: the whole token and, for an identifier, its pieces (`wallet-transfers` → wallet, transfers). */
export interface QueryWord {
  whole: string;
  pieces: string[];
}

/** A query split into words (deduplicated, in order). */
export function queryWords(query: string): QueryWord[] {
  const seen = new Set<string>();
  const out: QueryWord[] = [];
  for (const [word] of fold(query).matchAll(WORD)) {
    if (seen.has(word)) continue;
    seen.add(word);
    const pieces = SEPARATOR.test(word) ? [...new Set(word.split(/[_\-./]+/).filter(Boolean))] : [];
    out.push({ whole: word, pieces: pieces.length > 1 ? pieces : [] });
  }
  return out;
}

/** Snowball stem: Russian for Cyrillic words, English for Latin letters, else the word. */
export function stem(word: string): string {
  if (/[а-я]/.test(word)) return /^[а-я]+$/.test(word) ? stemRu(word) : word;
  return /^[a-z]+$/.test(word) ? stemEn(word) : word;
}

/** Whether a token is worth a vocabulary entry: not too long, not a hash or opaque id. */
export function indexable(token: string): boolean {
  if (token.length > MAX_TOKEN) return false;
  if (/^[0-9a-f]{16,}$/.test(token)) return false;
  // Opaque ids (tokens, signatures): long runs mixing digits and letters with no separator.
  if (token.length >= 20 && !SEPARATOR.test(token) && /\d/.test(token) && /[a-z]/.test(token)) return false;
  return true;
}

/** Whether a term takes part in fuzzy matching: letters only (typos in codes and numbers make no sense). */
export function fuzzyCandidate(term: string): boolean {
  return term.length >= 3 && /^\p{L}+$/u.test(term);
}

/** Words a question is made of but no page is about (en + ru): a query drops them unless it has nothing else. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or of to in on for with by at from is are was were be been do does did how what why when ' +
    'where which who whom can could should would will i my me we our you your it its this that these those ' +
    'there if as not into about than then so any some и в во не что как а на с со по к у о об из за для от ' +
    'до ли же бы я мой моя мои мне где когда почему какой какая какие это или'
  ).split(' '),
);

/**
 * Content words of a title (stop words left out, an identifier counted by its pieces): how long the
 * title is for ranking.
 */
export function titleWordCount(title: string): number {
  let n = 0;
  for (const w of queryWords(title)) if (!STOP_WORDS.has(w.whole)) n += Math.max(1, w.pieces.length);
  return n;
}
