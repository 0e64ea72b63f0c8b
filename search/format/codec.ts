/**
 * The compact parts of a search shard (search/format/schema.ts): posting lists and stems.
 * Free of Node and zod (type imports only): the index builder encodes with it, the search worker decodes.
 */
import { SEARCH_DIR } from '../../schema/dist-layout.ts';

/**
 * Field bits in posting lists: title (page title or heading text), keywords (and the
 * route), tagline (home page), page description, prose, code, and a term the doc defines.
 */
export const FIELD = { title: 1, keywords: 2, tagline: 4, description: 8, prose: 16, code: 32, defined: 64 } as const;

const FIELD_SPAN = 128;

/**
 * The key a word is filed under: its first two characters. Every match of a query word —
 * exact, prefix, same stem, typo after the second letter — shares its key, so one words
 * shard answers it.
 */
export const wordKey = (word: string) => word.slice(0, 2);

/**
 * Words and docs shards share one content hash per run of this many (the hash of the
 * run's files together), so the manifest lists one hash per run rather than one per file:
 * one hash per file made the manifest, part of every first query, grow with the site (measured:
 * bench/HISTORY.md, hash per run).
 */
export const SHARDS_PER_HASH = 16;

/** A words or docs shard's file: `_data/search/<kind>-<n+1>.<hash of its run>.json`. */
export const shardPath = (kind: 'words' | 'docs', n: number, hash: string) =>
  `${SEARCH_DIR}/${kind}-${n + 1}.${hash}.json`;

/**
 * The manifest's shard listing, expanded: each words shard's URL and first key, each docs shard's
 * URL and first doc id.
 */
export function shardList(m: Pick<SearchManifest, 'words' | 'docs'>) {
  const url = (kind: 'words' | 'docs', n: number, hashes: string[]) =>
    `/${shardPath(kind, n, hashes[Math.floor(n / SHARDS_PER_HASH)])}`;
  let first = 0;
  return {
    words: m.words.from.map((from, n) => ({ url: url('words', n, m.words.hashes), from })),
    docs: (m.docs.first ? m.docs.first.split(',') : []).map((delta, n) => ({
      url: url('docs', n, m.docs.hashes),
      first: (first += parseInt(delta, 36)),
    })),
  };
}

/**
 * The URL of part `k` (from 0) of a words shard's posting lists (search/format/schema.ts `parts`):
 * beside the words shard, `words-<n>.<hash>.json` → `post-<n>-<k+1>.<parts hash>.json`.
 */
export const partUrl = (wordsUrl: string, k: number, hash: string) =>
  wordsUrl.replace(/words-(\d+)\.[^/]*$/, `post-$1-${k + 1}.${hash}.json`);

/**
 * Index of the run holding `key`, given each run's first key in order (-1: before the
 * first): a words shard by word key, a docs shard by doc id, a postings part by word.
 */
export function shardOfKey<K extends string | number>(froms: readonly K[], key: K): number {
  let lo = 0,
    hi = froms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (froms[mid] <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Lengths that rank a posting, in content words (1–4, 4 meaning four or more): of the
 * title (title postings) and of the shortest keyword phrase holding the word (keyword
 * postings). Kept by `collectPostings` above the field bits (`withLengths`) and written
 * after the number as one letter each: A–D the title's, E–H the keyword phrase's.
 */
const TITLE_SHIFT = 7;
const KEYWORD_SHIFT = 9;
const clamp = (n: number) => Math.min(Math.max(n, 1), 4) - 1;
export const withLengths = (bits: number, lengths: { title?: number; keyword?: number }) =>
  bits |
  (lengths.title ? clamp(lengths.title) << TITLE_SHIFT : 0) |
  (lengths.keyword ? clamp(lengths.keyword) << KEYWORD_SHIFT : 0);

/**
 * doc id → field bits, as `delta * 128 + bits` in base 36, comma-separated, ids
 * ascending; a title posting adds its title's length as a letter A–D, a keywords
 * posting its keyword phrase's as E–H (1–4+ words).
 */
export function encodePostings(list: { ids: ArrayLike<number>; values: ArrayLike<number> }): string {
  const { ids, values } = list;
  const order = Array.from(ids, (_, i) => i);
  for (let i = 1; i < ids.length; i++) {
    if (ids[i] >= ids[i - 1]) continue;
    order.sort((a, b) => ids[a] - ids[b]);
    break;
  }
  let prev = 0;
  const out: string[] = [];
  for (const i of order) {
    const id = ids[i],
      value = values[i];
    const bits = value & (FIELD_SPAN - 1);
    const title = bits & FIELD.title ? String.fromCharCode(65 + ((value >> TITLE_SHIFT) & 3)) : '';
    const keyword = bits & FIELD.keywords ? String.fromCharCode(69 + ((value >> KEYWORD_SHIFT) & 3)) : '';
    out.push(((id - prev) * FIELD_SPAN + bits).toString(36) + title + keyword);
    prev = id;
  }
  return out.join(',');
}

/**
 * Calls `visit(docId, fieldBits, titleWords, keywordWords)` for each entry of an encoded
 * posting list (the lengths are 0 where the field is absent).
 */
export function decodePostings(
  encoded: string,
  visit: (id: number, bits: number, titleWords: number, keywordWords: number) => void,
): void {
  let id = 0;
  let value = 0;
  let title = 0;
  let keyword = 0;
  for (let i = 0; i <= encoded.length; i++) {
    const c = i < encoded.length ? encoded.charCodeAt(i) : 44;
    if (c === 44) {
      id += Math.floor(value / FIELD_SPAN);
      visit(id, value % FIELD_SPAN, title, keyword);
      value = 0;
      title = 0;
      keyword = 0;
    } else if (c >= 65 && c <= 68) {
      title = c - 64;
    } else if (c >= 69 && c <= 72) {
      keyword = c - 68;
    } else {
      value = value * 36 + (c <= 57 ? c - 48 : c - 87);
    }
  }
}

/** A stem relative to its word: '' (the word), `N` (its first N chars) or `Nxyz`. */
export function encodeStem(word: string, stem: string): string {
  if (stem === word) return '';
  let keep = 0;
  while (keep < stem.length && keep < word.length && stem[keep] === word[keep]) keep++;
  return `${keep}${stem.slice(keep)}`;
}

export function decodeStem(word: string, encoded: string): string {
  if (!encoded) return word;
  const m = /^(\d+)(.*)$/s.exec(encoded);
  return m ? word.slice(0, Number(m[1])) + m[2] : word;
}

import type { SearchManifest } from './schema.ts';

/** A search context as the site config declares it (id, label, route prefixes). */
export type ContextRule = SearchManifest['contexts'][number];

/** The context of pages outside every configured search context. */
export const GENERAL = 'general';

/** The search context a route belongs to: the first whose path prefix it starts with, else 'general'. */
export function contextOf(route: string, contexts: readonly ContextRule[]): string {
  const within = (p: string) => route === p.replace(/\/$/, '') || route.startsWith(p.endsWith('/') ? p : `${p}/`);
  return contexts.find((c) => c.paths.some(within))?.id ?? GENERAL;
}

/** The result label of a route: the first `search.labels` rule whose prefix it starts with. */
export function labelOf(route: string, labels: readonly { prefix: string; label: string }[]): string | undefined {
  return labels.find((l) => route.startsWith(l.prefix) || `${route}/` === l.prefix)?.label;
}
