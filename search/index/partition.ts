/**
 * Shard sizing: consecutive groups (the words of one two-letter key, the docs of one
 * page) are packed into runs of about `budget` raw bytes; a group is never split, so a
 * group bigger than the budget is a run of its own. Small runs keep what a query
 * fetches small as the site grows from today's ~270 pages to 10,000
 * (bench/search-quality.bench.ts).
 */
import { gzipSync } from 'node:zlib';

/** Raw bytes per words shard and per docs shard (a few KB gzip each). */
export const WORDS_BUDGET = 12 * 1024;
export const DOCS_BUDGET = 5 * 1024;
/**
 * Raw bytes per postings shard: a query loads the parts holding the words it matched (a
 * word and its inflections and completions sit together in word order), so small parts
 * keep a common key (`pa`, `re`; measured: bench/HISTORY.md, common keys) from
 * costing what one word of it costs.
 */
export const POSTINGS_BUDGET = 4 * 1024;

export const gzipSize = (text: string) => gzipSync(text).length;

/** Packs `groups` in order into runs whose summed `size` stays within `budget` where it can. */
export function pack<T>(groups: T[], size: (g: T) => number, budget: number): T[][] {
  const runs: T[][] = [];
  let used = Infinity;
  for (const g of groups) {
    const n = size(g);
    if (used + n > budget) {
      runs.push([]);
      used = 0;
    }
    runs.at(-1)!.push(g);
    used += n;
  }
  return runs;
}
