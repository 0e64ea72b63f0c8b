/** Synonym groups (content/data/search_synonyms.yaml, via the manifest) as the query planner reads them. */
import { stem } from '../../../schema/search-tokenize.ts';

/** Each word's (and each word stem's) others in its group. */
export function synonymTable(groups: readonly string[][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const g of groups) {
    for (const w of g) {
      const others = g.filter((x) => x !== w);
      out.set(w, others);
      if (!out.has(stem(w))) out.set(stem(w), others);
    }
  }
  return out;
}
