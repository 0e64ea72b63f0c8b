/**
 * One words shard's vocabulary in memory, and how one query word matches it:
 * exact, same stem, prefix (by binary search over the sorted words and stems), or
 * with typos — a bounded edit distance over the letter-only words of the same
 * two-letter key whose length is within the allowed number of typos of the query word's.
 */
import { decodeStem, shardOfKey, wordKey } from '../format/codec.ts';
import { fuzzyCandidate } from '../format/tokenize.ts';
// The one import from outside search/: the spec's constants live with the reader's, and moving this one
// reshuffles the reader bundle's shared chunks (search/README.md).
import { SEARCH_FUZZY_DISTANCE } from '../../reader/lib/constants.ts';
import type { StoredVocabulary } from '../format/schema.ts';

export interface Vocabulary {
  /** Sorted words; `post[i]` and `stems[i]` belong to `terms[i]`. */
  terms: string[];
  /** Posting lists, as their parts (postings shards) are loaded. */
  post: (string | undefined)[];
  /** Where the posting lists are: part k holds the words from `parts.at[k]` (search/format/schema.ts). */
  parts: StoredVocabulary['parts'];
  stems: string[];
  /** Word ids ordered by stem. */
  byStem: number[];
  /** Letter-only word ids by key and length (`pa8`): the typo candidates. */
  fuzzy: Map<string, number[]>;
}

/** Match tiers, best first: exact > same stem > prefix > typo. */
export const Tier = { Exact: 0, Stem: 1, Prefix: 2, Fuzzy: 3 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

/** How a vocabulary word matched a query word. */
export interface TermMatch {
  term: number;
  tier: Tier;
  typos: number;
  /** 0..1: exact 1, same stem 0.9, prefix 0.5–0.8 (closer to the whole word is better), typo 0.5. */
  weight: number;
  /** What to mark in titles and on the target page (`_highlight`). */
  mark: string;
}

/** Prefix completions looked at per word (a one-letter query would otherwise take the whole vocabulary). */
const MAX_PREFIX_TERMS = 400;

export function loadVocabulary(stored: StoredVocabulary): Vocabulary {
  const terms = stored.words;
  const fuzzy = new Map<string, number[]>();
  terms.forEach((word, i) => {
    if (!fuzzyCandidate(word)) return;
    const key = wordKey(word) + word.length;
    const bucket = fuzzy.get(key);
    if (bucket) bucket.push(i);
    else fuzzy.set(key, [i]);
  });
  const stems = terms.map((t, i) => decodeStem(t, stored.stems[i]));
  const byStem = terms.map((_, i) => i).sort((a, b) => (stems[a] < stems[b] ? -1 : stems[a] > stems[b] ? 1 : a - b));
  return { terms, post: new Array<string | undefined>(terms.length), parts: stored.parts, stems, byStem, fuzzy };
}

/** The part (postings shard of this words shard) holding a word's posting list. */
export const partOf = (vocab: Vocabulary, term: number): number => shardOfKey(vocab.parts.at, term);

/** First position in `0..n` whose key is ≥ `x`. */
function lowerBound(n: number, key: (i: number) => string, x: string): number {
  let lo = 0,
    hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(mid) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Typos allowed for a word of this length: none up to 3 letters, 1 up to 6, then 2 (spec: distance 2). */
export function allowedTypos(length: number): number {
  return Math.min(SEARCH_FUZZY_DISTANCE, length < 4 ? 0 : length < 7 ? 1 : 2);
}

/**
 * Levenshtein distance from `word` to `term` (or, with `prefix`, to the closest
 * beginning of `term`), or `max + 1` once it must exceed `max`.
 */
export function editDistance(word: string, term: string, max: number, prefix = false): number {
  let prev = Array.from({ length: term.length + 1 }, (_, j) => j);
  for (let i = 1; i <= word.length; i++) {
    const row = [i];
    let low = i;
    for (let j = 1; j <= term.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (word[i - 1] === term[j - 1] ? 0 : 1));
      low = Math.min(low, row[j]);
    }
    if (low > max) return max + 1;
    prev = row;
  }
  return Math.min(max + 1, prefix ? Math.min(...prev) : prev[term.length]);
}

/**
 * Every vocabulary word that matches `word` (folded) with its stem `wordStem`; the best
 * match per word id. `prefix`: the word may be unfinished (the last one typed), so a
 * typo match may be a beginning of a longer word.
 */
export function matchWord(
  vocab: Vocabulary,
  word: string,
  wordStem: string,
  options: { exact?: boolean; fuzzy: boolean; prefix?: boolean },
): Map<number, TermMatch> {
  const out = new Map<number, TermMatch>();
  const add = (m: TermMatch) => {
    const prev = out.get(m.term);
    if (!prev || m.tier < prev.tier || (m.tier === prev.tier && m.weight > prev.weight)) out.set(m.term, m);
  };
  const { terms, stems, byStem } = vocab;
  const exact = options.exact ?? true;

  // Prefix (and exact): the sorted run of words starting with `word`.
  const maxPrefix = !exact ? 0 : word.length < 3 ? MAX_PREFIX_TERMS / 4 : MAX_PREFIX_TERMS;
  // A single character completes nothing (its words would span many keys): it matches itself only.
  for (
    let i = lowerBound(terms.length, (j) => terms[j], word), n = 0;
    i < terms.length && terms[i].startsWith(word) && n < maxPrefix && (word.length > 1 || terms[i] === word);
    i++, n++
  ) {
    add(
      terms[i] === word
        ? { term: i, tier: Tier.Exact, typos: 0, weight: 1, mark: word }
        : { term: i, tier: Tier.Prefix, typos: 0, weight: 0.5 + 0.3 * (word.length / terms[i].length), mark: word },
    );
  }
  // Same stem (inflected forms), and words whose stem starts with this one (`платеж` → `платежн`).
  if (exact && wordStem.length >= 3) {
    const key = (j: number) => stems[byStem[j]];
    for (
      let j = lowerBound(byStem.length, key, wordStem), n = 0;
      j < byStem.length && key(j).startsWith(wordStem) && n < MAX_PREFIX_TERMS;
      j++, n++
    ) {
      const id = byStem[j];
      add(
        stems[id] === wordStem
          ? { term: id, tier: Tier.Stem, typos: 0, weight: 0.9, mark: terms[id] }
          : {
              term: id,
              tier: Tier.Prefix,
              typos: 0,
              weight: 0.5 + 0.3 * (wordStem.length / stems[id].length),
              mark: wordStem,
            },
      );
    }
  }
  // Typos: words of nearby length under the same key (a typo in the first two letters is not
  // corrected: Meilisearch counts a first-letter typo double, Elasticsearch's prefix_length skips it).
  const typos = options.fuzzy && fuzzyCandidate(word) && word.length <= 32 ? allowedTypos(word.length) : 0;
  for (let length = word.length - typos; typos > 0 && length <= word.length + typos; length++) {
    for (const i of vocab.fuzzy.get(wordKey(word) + length) ?? []) {
      // The whole word, or (the word being typed) a beginning of it.
      const errors = editDistance(word, terms[i], typos, options.prefix);
      if (errors >= 1 && errors <= typos)
        add({ term: i, tier: Tier.Fuzzy, typos: errors, weight: 0.5, mark: terms[i] });
    }
  }
  return out;
}
