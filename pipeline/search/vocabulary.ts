/**
 * Stage: records → one shard's vocabulary. Every distinct indexable token of the
 * given fields, sorted, with its posting list, its Snowball stem, and a prebuilt
 * Fuse.js index over the words (for typo matching in the worker).
 */
import Fuse from 'fuse.js';
import { indexable, stem, tokens } from '../../schema/search-tokenize.ts';
import { encodePostings, encodeStem } from '../../schema/search-codec.ts';
import type { StoredVocabulary } from '../../schema/search.ts';

/** One document's texts for this shard, by field bit. */
export interface VocabularyEntry { id: number; fields: { text: string; bit: number }[] }


/** Distinct indexable tokens of a text, memoised per build: a shard split to budget encodes its texts again. */
export type TokenCache = Map<string, string[]>;

function distinctTokens(text: string, cache?: TokenCache): string[] {
  let list = cache?.get(text);
  if (!list) {
    list = [...new Set(tokens(text))].filter(indexable);
    cache?.set(text, list);
  }
  return list;
}

export function buildVocabulary(entries: VocabularyEntry[], cache?: TokenCache): StoredVocabulary {
  const postings = new Map<string, Map<number, number>>();
  for (const { id, fields } of entries) {
    for (const { text, bit } of fields) {
      if (!text) continue;
      for (const token of distinctTokens(text, cache)) {
        let docs = postings.get(token);
        if (!docs) postings.set(token, (docs = new Map()));
        docs.set(id, (docs.get(id) ?? 0) | bit);
      }
    }
  }
  // Code-unit order: the worker's binary search compares with `<` as well.
  const terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = Fuse.createIndex([], terms).toJSON() as unknown as StoredVocabulary['index'];
  return { index, post: terms.map((t) => encodePostings(postings.get(t)!)), stems: terms.map((t) => encodeStem(t, stem(t))) };
}
