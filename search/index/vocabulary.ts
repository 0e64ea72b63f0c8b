/**
 * Stage: records → the vocabulary. Every distinct indexable token of every field, with
 * its posting list (doc id → field bits) and its Snowball stem; `encodeWords` writes a
 * run of it as a words shard's vocabulary.
 */
import { eachToken, indexable, stem, titleWordCount, tokens } from '../format/tokenize.ts';
import { encodePostings, encodeStem, FIELD, withLengths } from '../format/codec.ts';
import type { StoredVocabulary } from '../format/schema.ts';

/** One document's texts, by field bit. */
export interface VocabularyEntry {
  id: number;
  fields: { text: string; bit: number }[];
}

/**
 * The docs holding a word, ids ascending, with each doc's field bits (and lengths: search/format/codec.ts): views
 * into one buffer that every word's list shares.
 */
export interface PostingList {
  ids: Int32Array;
  values: Int32Array;
}
/** Word → its posting list. */
export type Postings = Map<string, PostingList>;

/**
 * A title's or keywords' tokens with their posting value. A title's words carry its length, a
 * keyword's the length of the shortest keyword phrase holding it: a title or keyword
 * made of just the query's words is the closer match.
 */
function namingTokens(text: string, bit: number): Map<string, number> {
  const out = new Map<string, number>();
  if (bit === FIELD.title) {
    const value = withLengths(bit, { title: titleWordCount(text) });
    for (const token of tokens(text)) out.set(token, value);
    return out;
  }
  const shortest = new Map<string, number>();
  for (const phrase of text.split(',')) {
    const length = titleWordCount(phrase);
    for (const token of tokens(phrase)) shortest.set(token, Math.min(shortest.get(token) ?? Infinity, length || 1));
  }
  for (const [token, length] of shortest) out.set(token, withLengths(bit, { keyword: length }));
  return out;
}

/**
 * One document's indexable words with their posting values, in first-seen order: what it
 * adds to the postings. The words are one space-separated string (a token never holds a
 * space): the build keeps every page's terms in its stage memo, and one page changed
 * reads the other pages' back — as one string each they parse faster than as
 * thousands of quoted words (measured: bench/HISTORY.md, search terms as one string).
 */
export interface DocTerms {
  words: string;
  values: number[];
}

export function docTerms(fields: VocabularyEntry['fields']): DocTerms {
  const values = new Map<string, number>();
  const add = (token: string, value: number) => {
    const had = values.get(token);
    if (had !== undefined) values.set(token, had | value);
    else if (indexable(token)) values.set(token, value);
  };
  for (const { text, bit } of fields) {
    if (!text) continue;
    if (bit === FIELD.title || bit === FIELD.keywords)
      for (const [token, value] of namingTokens(text, bit)) add(token, value);
    else eachToken(text, (token) => add(token, bit));
  }
  return { words: [...values.keys()].join(' '), values: [...values.values()] };
}

/**
 * A word in more docs than this keeps only the docs where it names something — title,
 * keywords, tagline, description or a defined term —, not those where it is only in prose
 * or code: in that many docs a prose occurrence says little, and it costs the most bytes
 * (measured: bench/HISTORY.md, common words). On the real site only stop words pass it.
 */
export const COMMON_WORD_DOCS = 2000;
const NAMING = FIELD.title | FIELD.keywords | FIELD.tagline | FIELD.description | FIELD.defined;

/**
 * The postings of documents given by their terms, in ascending id order. Two passes over the terms: number
 * each word and count its docs, then lay every list out in one buffer. At 10,000 pages that is ~8 million
 * postings of ~80,000 words: a growing array per word was most of the time, and of the collector's
 * (measured: bench/HISTORY.md, search index at scale).
 */
export function collectPostings(entries: { id: number; terms: DocTerms }[]): Postings {
  const numbers = new Map<string, number>();
  const counts: number[] = [];
  let total = 0;
  for (const { terms } of entries) total += terms.words ? terms.values.length : 0;
  const wordOf = new Int32Array(total);
  let at = 0;
  for (const { terms } of entries) {
    if (!terms.words) continue;
    for (const word of terms.words.split(' ')) {
      let n = numbers.get(word);
      if (n === undefined) numbers.set(word, (n = counts.push(0) - 1));
      counts[n]++;
      wordOf[at++] = n;
    }
  }
  const starts = new Int32Array(counts.length + 1);
  for (let n = 0; n < counts.length; n++) starts[n + 1] = starts[n] + counts[n];
  const next = starts.slice(0, counts.length);
  const ids = new Int32Array(total);
  const values = new Int32Array(total);
  at = 0;
  for (const { id, terms } of entries) {
    if (!terms.words) continue;
    for (const value of terms.values) {
      const slot = next[wordOf[at++]]++;
      ids[slot] = id;
      values[slot] = value;
    }
  }
  const postings: Postings = new Map();
  for (const [word, n] of numbers) {
    const list = { ids: ids.subarray(starts[n], starts[n + 1]), values: values.subarray(starts[n], starts[n + 1]) };
    postings.set(word, list.ids.length > COMMON_WORD_DOCS ? namingOnly(list) : list);
  }
  return postings;
}

/** A common word's list without the docs where it is only prose or code (`COMMON_WORD_DOCS`). */
function namingOnly({ ids, values }: PostingList): PostingList {
  const keep = ids.filter((_, i) => (values[i] & NAMING) !== 0);
  return { ids: keep, values: values.filter((value) => (value & NAMING) !== 0) };
}

/**
 * Words in code-unit order: the worker's binary search compares with `<` as well. (The
 * default sort compares strings by code units too, and without a callback: 3× faster.)
 */
export const sortedWords = (postings: Postings) => [...postings.keys()].sort();

/** A run of words as a words shard stores them: the words and stems, and their posting lists (stored in parts). */
export function encodeWords(words: string[], postings: Postings): Omit<StoredVocabulary, 'parts'> & { post: string[] } {
  return {
    words,
    stems: words.map((w) => encodeStem(w, stem(w))),
    post: words.map((w) => encodePostings(postings.get(w)!)),
  };
}
