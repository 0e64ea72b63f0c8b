/**
 * Synonym groups (content/data/search_synonyms.yaml, via the manifest) as the query
 * planner reads them: each member (a word or a phrase of up to three words) → the
 * group's other members, each as its words. Members are found by their words and by
 * their words' stems, so "webhooks" finds the group of "webhook".
 */
import { stem } from '../format/tokenize.ts';

export type SynonymTable = Map<string, string[][]>;

/** The key of a member: its words' stems, space-separated. */
export const phraseKey = (words: readonly string[]) => words.map(stem).join(' ');

export function synonymTable(groups: readonly string[][]): SynonymTable {
  const out: SynonymTable = new Map();
  for (const g of groups) {
    const members = g.map((m) => m.split(' ').filter(Boolean));
    members.forEach((words, i) => {
      const key = phraseKey(words);
      if (!out.has(key))
        out.set(
          key,
          members.filter((_, j) => j !== i),
        );
    });
  }
  return out;
}
