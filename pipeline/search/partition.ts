/**
 * Shard sizing: a list of pages that encodes above the gzip budget is split in two
 * at the sub-path boundary nearest its middle, and again, until every part fits
 * (a single page is never split). This is what keeps the layout within budget as
 * the site grows from today's ~270 pages to 10,000 (bench/search.bench.ts).
 */
import { gzipSync } from 'node:zlib';

/** Per-shard budget: at most 100 KB gzip (issue 7). */
export const SHARD_BUDGET_GZIP = 100 * 1024;

export const gzipSize = (text: string) => gzipSync(text).length;

const parent = (route: string) => route.slice(0, route.lastIndexOf('/')) || '/';

/** The index nearest the middle where the parent path changes (else the middle). */
function cutPoint(routes: string[]): number {
  const mid = Math.floor(routes.length / 2);
  for (let d = 0; d < mid; d++) {
    for (const i of [mid - d, mid + d]) if (i > 0 && i < routes.length && parent(routes[i]) !== parent(routes[i - 1])) return i;
  }
  return mid;
}

/**
 * Splits `groups` (one per page, in route order) into runs whose `encode` output
 * stays within `budget` bytes gzip. Returns each run with its encoded text.
 */
export function splitToBudget<T>(groups: { route: string; items: T[] }[], encode: (items: T[]) => string, budget = SHARD_BUDGET_GZIP): { groups: { route: string; items: T[] }[]; text: string }[] {
  const text = encode(groups.flatMap((g) => g.items));
  if (groups.length <= 1 || gzipSize(text) <= budget) return [{ groups, text }];
  const cut = cutPoint(groups.map((g) => g.route));
  return [...splitToBudget(groups.slice(0, cut), encode, budget), ...splitToBudget(groups.slice(cut), encode, budget)];
}

/** Route prefixes that describe a run of pages: their distinct first two segments. */
export function pathPrefixes(routes: string[]): string[] {
  return [...new Set(routes.map((r) => (r === '/' ? '/' : `/${r.split('/').slice(1, 3).join('/')}`)))];
}
