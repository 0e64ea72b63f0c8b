/**
 * A word's match in a doc, read off the table: its best way (plan.ts) — fewest typos, then the
 * highest score — and the words to mark; and whether the matches without typos are enough.
 */
import type { Plan, PlanWord } from './plan.ts';
import type { SearchIndex } from './shards.ts';
import type { Table } from './table.ts';

/** How a word matched a doc: through one of its ways (plan.ts), all of the way's slots. */
export interface WordMatch {
  typos: number;
  score: number;
  slots: number[];
}

/**
 * The word's best way for this doc — fewest typos, then the highest score (the first such
 * way on a tie) — written at `out` in `typos`, `score` and `way` (typos Infinity: no way
 * matches). Writes into arrays: it runs per doc and word.
 */
export function matchInto(
  table: Table,
  at: number,
  w: PlanWord,
  out: number,
  typos: Float64Array,
  score: Float64Array,
  way: Uint8Array,
): void {
  typos[out] = Infinity;
  score[out] = 0;
  for (let k = 0; k < w.ways.length; k++) {
    const { slots, factor, typos: extra } = w.ways[k];
    let t = 0,
      sc = Infinity;
    for (const s of slots) {
      const st = table.typos[at + s];
      if (st === Infinity) {
        sc = -1;
        break;
      }
      if (st > t) t = st;
      if (table.score[at + s] < sc) sc = table.score[at + s];
    }
    if (sc < 0) continue;
    t += extra;
    sc *= factor;
    if (t < typos[out] || (t === typos[out] && sc > score[out])) {
      typos[out] = t;
      score[out] = sc;
      way[out] = k;
    }
  }
}

/** Whether all of a way's slots matched in the doc's title. */
export function inTitle(table: Table, at: number, slots: number[]): boolean {
  for (const s of slots) if (table.titled[at + s] !== 1) return false;
  return true;
}

const one = { typos: new Float64Array(1), score: new Float64Array(1), way: new Uint8Array(1) };

/** The word's best way for this doc, as an object (for the few docs that are returned). */
export function wordMatch(table: Table, at: number, w: PlanWord): WordMatch | undefined {
  matchInto(table, at, w, 0, one.typos, one.score, one.way);
  return one.typos[0] === Infinity
    ? undefined
    : { typos: one.typos[0], score: one.score[0], slots: w.ways[one.way[0]].slots };
}

/** The words to mark in a doc (its row at `at`): those of each query word's best way, twelve at most. */
export function marksOf(table: Table, at: number, p: Plan): string[] {
  const marks = new Set<string>();
  for (const w of p.words)
    for (const s of wordMatch(table, at, w)?.slots ?? []) for (const m of table.marksAt(at + s)) marks.add(m);
  return [...marks].slice(0, 12);
}

/**
 * Whether `limit` pages (of the preferred context, when there is one) match every subject word
 * without typos: then the typo round would add nothing that ranks among them.
 */
export function enoughWithoutTypos(
  index: SearchIndex,
  table: Table,
  p: Plan,
  options: { limit: number; prefer?: string },
): boolean {
  const pages = new Set<number>();
  for (let r = 0; r < table.size && pages.size < options.limit; r++) {
    const page = index.pageOf[table.ids[r]];
    if (options.prefer !== undefined && index.pageContext[page] !== options.prefer) continue;
    let all = true;
    for (const w of p.words) {
      if (w.weak) continue;
      matchInto(table, r * table.width, w, 0, one.typos, one.score, one.way);
      if (one.typos[0] !== 0) {
        all = false;
        break;
      }
    }
    if (all) pages.add(page);
  }
  return pages.size >= options.limit;
}
