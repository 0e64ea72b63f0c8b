/**
 * Stage: records → the vocabulary. Every distinct indexable token of every field, with
 * its posting list (doc id → field bits) and its Snowball stem; `encodeWords` writes a
 * run of it as a words shard's vocabulary.
 */
import { indexable, stem, tokens } from '../../schema/search-tokenize.ts';
import { encodePostings, encodeStem } from '../../schema/search-codec.ts';
import type { StoredVocabulary } from '../../schema/search.ts';

/** One document's texts, by field bit. */
export interface VocabularyEntry { id: number; fields: { text: string; bit: number }[] }

/** Word → doc id → field bits. */
export type Postings = Map<string, Map<number, number>>;

/** One document's indexable words with their field bits, in first-seen order: what it adds to the postings. */
export type DocTerms = [word: string, bits: number][];

export function docTerms(fields: VocabularyEntry['fields']): DocTerms {
  const bits = new Map<string, number>();
  for (const { text, bit } of fields) {
    if (!text) continue;
    for (const token of tokens(text)) if (indexable(token)) bits.set(token, (bits.get(token) ?? 0) | bit);
  }
  return [...bits];
}

/** The postings of documents given by their terms (ids ascending). */
export function collectPostings(entries: { id: number; terms: DocTerms }[]): Postings {
  const postings: Postings = new Map();
  for (const { id, terms } of entries) {
    for (const [word, bits] of terms) {
      let docs = postings.get(word);
      if (!docs) postings.set(word, (docs = new Map()));
      docs.set(id, bits);
    }
  }
  return postings;
}

/** Words in code-unit order: the worker's binary search compares with `<` as well. */
export const sortedWords = (postings: Postings) => [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function encodeWords(words: string[], postings: Postings): StoredVocabulary {
  return { words, post: words.map((w) => encodePostings(postings.get(w)!)), stems: words.map((w) => encodeStem(w, stem(w))) };
}
