/**
 * Shard sizing: pages whose shard would encode above the gzip budget are cut into
 * as many runs as the size calls for, at sub-path boundaries (`/services/pix/…`
 * stays together where it can), and a run still over budget is cut again. A single
 * page is never split. This keeps every shard within budget as the site grows from
 * today's ~270 pages to 10,000 (bench/search.bench.ts).
 */
import { gzipSync } from 'node:zlib';

/** Per-shard budget: at most 100 KB gzip (issue 7). */
export const SHARD_BUDGET_GZIP = 100 * 1024;

export const gzipSize = (text: string) => gzipSync(text).length;

const parent = (route: string) => route.slice(0, route.lastIndexOf('/')) || '/';

/** Cut points that divide `weights` into `parts` runs of about equal weight, moved to the nearest parent-path change. */
function cuts(routes: string[], weights: number[], parts: number): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  let next = 1;
  for (let i = 0; i < routes.length && next < parts; i++) {
    acc += weights[i];
    if (acc < (total * next) / parts) continue;
    // Prefer a boundary between sub-paths within a few pages of here.
    let best = i + 1;
    for (let d = 0; d <= 8; d++) {
      const j = [i + 1 - d, i + 1 + d].find((k) => k > (out.at(-1) ?? 0) && k < routes.length && parent(routes[k]) !== parent(routes[k - 1]));
      if (j !== undefined) { best = j; break; }
    }
    if (best > (out.at(-1) ?? 0) && best < routes.length) out.push(best);
    next++;
  }
  return out;
}

/**
 * Splits `groups` (one per page, in route order) into runs whose `encode` output
 * stays within `budget` bytes gzip. Returns each run with its encoded text.
 */
export function splitToBudget<T>(groups: { route: string; items: T[]; weight: number }[], encode: (items: T[]) => string, budget = SHARD_BUDGET_GZIP): { groups: { route: string; items: T[]; weight: number }[]; text: string }[] {
  const text = encode(groups.flatMap((g) => g.items));
  const size = gzipSize(text);
  if (groups.length <= 1 || size <= budget) return [{ groups, text }];
  // Aim a little under the budget, so most runs fit the first time.
  const parts = Math.max(2, Math.ceil(size / (budget * 0.9)));
  const at = [0, ...cuts(groups.map((g) => g.route), groups.map((g) => g.weight), parts), groups.length];
  const runs = at.slice(1).map((end, i) => groups.slice(at[i], end)).filter((r) => r.length);
  if (runs.length < 2) return [...splitToBudget(groups.slice(0, groups.length >> 1), encode, budget), ...splitToBudget(groups.slice(groups.length >> 1), encode, budget)];
  return runs.flatMap((run) => splitToBudget(run, encode, budget));
}

/** Route prefixes that describe a run of pages: their distinct first two segments. */
export function pathPrefixes(routes: string[]): string[] {
  return [...new Set(routes.map((r) => (r === '/' ? '/' : `/${r.split('/').slice(1, 3).join('/')}`)))];
}
