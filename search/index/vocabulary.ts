/**
 * Stage: records → the vocabulary. Every distinct indexable token of every field, with
 * its posting list (doc id → field bits) and its Snowball stem; `encodeWords` writes a
 * run of it as a words shard's vocabulary.
 */
import { indexable, stem, titleWordCount, tokens } from '../format/tokenize.ts';
import { encodePostings, encodeStem, FIELD, withLengths } from '../format/codec.ts';
import type { StoredVocabulary } from '../format/schema.ts';

/** One document's texts, by field bit. */
export interface VocabularyEntry {
  id: number;
  fields: { text: string; bit: number }[];
}

/** The docs holding a word, ids ascending, with each doc's field bits (and lengths: search/format/codec.ts). */
export interface PostingList {
  ids: number[];
  values: number[];
}
/** Word → its posting list. */
export type Postings = Map<string, PostingList>;

/**
 * A field's tokens with their posting value. A title's words carry its length, a
 * keyword's the length of the shortest keyword phrase holding it: a title or keyword
 * made of just the query's words is the closer match.
 */
function fieldTokens(text: string, bit: number): Map<string, number> {
  const out = new Map<string, number>();
  if (bit === FIELD.title) {
    const value = withLengths(bit, { title: titleWordCount(text) });
    for (const token of tokens(text)) out.set(token, value);
  } else if (bit === FIELD.keywords) {
    const shortest = new Map<string, number>();
    for (const phrase of text.split(',')) {
      const length = titleWordCount(phrase);
      for (const token of tokens(phrase)) shortest.set(token, Math.min(shortest.get(token) ?? Infinity, length || 1));
    }
    for (const [token, length] of shortest) out.set(token, withLengths(bit, { keyword: length }));
  } else {
    for (const token of tokens(text)) out.set(token, bit);
  }
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
  for (const { text, bit } of fields) {
    if (!text) continue;
    for (const [token, value] of fieldTokens(text, bit))
      if (indexable(token)) values.set(token, (values.get(token) ?? 0) | value);
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

/** The postings of documents given by their terms, in ascending id order. */
export function collectPostings(entries: { id: number; terms: DocTerms }[]): Postings {
  const postings: Postings = new Map();
  for (const { id, terms } of entries) {
    if (!terms.words) continue;
    const words = terms.words.split(' ');
    for (let i = 0; i < words.length; i++) {
      let list = postings.get(words[i]);
      if (!list) postings.set(words[i], (list = { ids: [], values: [] }));
      list.ids.push(id);
      list.values.push(terms.values[i]);
    }
  }
  for (const [word, list] of postings) {
    if (list.ids.length <= COMMON_WORD_DOCS) continue;
    const keep = list.ids.flatMap((_, i) => (list.values[i] & NAMING ? [i] : []));
    postings.set(word, { ids: keep.map((i) => list.ids[i]), values: keep.map((i) => list.values[i]) });
  }
  return postings;
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
