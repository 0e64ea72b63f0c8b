/**
 * A query over the loaded shards → results grouped by page, best first.
 *
 * Ranking, in order:
 * 1. coverage — how many query words the page matches (all words, when any page
 *    matches them all; otherwise the best partial matches);
 * 2. the current page's search context first (suggestions), when given;
 * 3. typos — exact and prefix matches before fuzzy ones;
 * 4. score — per word, match tier (exact 1 > same stem 0.9 > prefix 0.5–0.8 >
 *    typo 0.5) × field (page title 10 > heading 8 > keywords 6 > description 4 >
 *    prose 3 > code 1.5), summed over the words.
 * A page's hits (its title and headings) group under it, so one page does not flood the list.
 */
import { decodePostings, FIELD, labelOf } from '../../../pipeline/search/codec.ts';
import { queryWords, stem } from '../../../pipeline/search/tokenize.ts';
import type { SearchDoc } from '../../../schema/search.ts';
import { matchWord, Tier } from './vocabulary.ts';
import type { LoadedShard, SearchIndex } from './shards.ts';

/** One document that matched: a page itself (`h` '') or a heading on it. */
export interface SearchHit extends SearchDoc {
  /** Words to mark in `t` and to pass as `_highlight` parameters. */
  marks: string[];
  coverage: number;
  typos: number;
  score: number;
}

/** A page with its matching docs, best first. */
export interface PageResult {
  route: string;
  title: string;
  breadcrumbs: string[];
  /** From the site's `search.labels` (e.g. 'API Reference' for /api/). */
  label?: string;
  context: string;
  coverage: number;
  typos: number;
  score: number;
  hits: SearchHit[];
}

export interface QueryOptions {
  /** Only pages of this context (`ctx=api-v2`), or outside it (`outside: true`). */
  scope?: { context: string; outside?: boolean };
  /** Pages of this context rank first (the context of the page one is on). */
  prefer?: string;
  /** Most pages returned. */
  limit: number;
}

const titleWeight = (bits: number, isPage: boolean) => Math.max(bits & FIELD.title ? (isPage ? 10 : 8) : 0, bits & FIELD.keywords ? 6 : 0, bits & FIELD.tagline ? 4 : 0);
const bodyWeight = (bits: number) => Math.max(bits & FIELD.description ? 4 : 0, bits & FIELD.prose ? 3 : 0, bits & FIELD.code ? 1.5 : 0);

/** What a query asks for: one slot per word, and one per identifier piece. */
interface Slot { text: string; stem: string; fuzzy: boolean }
interface Plan { slots: Slot[]; words: { whole: number; pieces: number[] }[] }

function plan(query: string): Plan {
  const slots: Slot[] = [];
  const slot = (text: string, fuzzy: boolean) => slots.push({ text, stem: stem(text), fuzzy }) - 1;
  const words = queryWords(query).slice(0, 8).map((w) => ({ whole: slot(w.whole, true), pieces: w.pieces.map((p) => slot(p, false)) }));
  return { slots, words };
}

/**
 * Per doc (a row) and slot: the fewest typos seen, the best score with that many, and
 * the words to mark. Flat arrays: a common word touches thousands of docs per query.
 */
class Table {
  rows = new Map<number, number>();
  typos: number[] = [];
  score: number[] = [];
  marks: (string[] | undefined)[] = [];
  constructor(readonly width: number) {}
  row(id: number): number {
    let r = this.rows.get(id);
    if (r === undefined) {
      r = this.rows.size;
      this.rows.set(id, r);
      for (let s = 0; s < this.width; s++) { this.typos.push(Infinity); this.score.push(0); this.marks.push(undefined); }
    }
    return r * this.width;
  }
}

function accumulate(index: SearchIndex, shard: LoadedShard, p: Plan, table: Table, inScope: (id: number) => boolean) {
  p.slots.forEach((slot, s) => {
    for (const m of matchWord(shard.vocab, slot.text, slot.stem, { fuzzy: slot.fuzzy }).values()) {
      decodePostings(shard.vocab.post[m.term], (id, bits) => {
        const doc = index.docs[id];
        if (!doc || !inScope(id)) return;
        const score = m.weight * (shard.kind === 'titles' ? titleWeight(bits, doc.h === '') : bodyWeight(bits));
        const at = table.row(id) + s;
        // Fewest typos first; the marks are those of the matches with that many typos.
        if (m.typos < table.typos[at]) { table.typos[at] = m.typos; table.score[at] = score; table.marks[at] = [m.mark]; return; }
        if (m.typos > table.typos[at]) return;
        if (score > table.score[at]) table.score[at] = score;
        const marks = table.marks[at]!;
        if (!marks.includes(m.mark) && (m.tier !== Tier.Fuzzy || marks.length < 3)) marks.push(m.mark);
      });
    }
  });
}

/** Which slots a word is matched through in a doc: the whole word, or all of its pieces. */
function bestSlots(table: Table, at: number, w: Plan['words'][number]): { typos: number; score: number; slots: number[] } | undefined {
  let best: { typos: number; score: number; slots: number[] } | undefined;
  if (table.typos[at + w.whole] < Infinity) best = { typos: table.typos[at + w.whole], score: table.score[at + w.whole], slots: [w.whole] };
  // An identifier also matches through all of its pieces (`wallet-transfers` → wallet … transfers),
  // ranked like a typo: the whole identifier comes first.
  if (w.pieces.length && w.pieces.every((s) => table.typos[at + s] < Infinity)) {
    const pieces = { typos: 1 + Math.max(...w.pieces.map((s) => table.typos[at + s])), score: 0.7 * Math.min(...w.pieces.map((s) => table.score[at + s])), slots: w.pieces };
    if (!best || pieces.typos < best.typos || (pieces.typos === best.typos && pieces.score > best.score)) best = pieces;
  }
  return best;
}

/** A doc's matched words (bit mask), typos and score. */
interface Eval { id: number; at: number; mask: number; coverage: number; typos: number; score: number }

function evaluate(table: Table, id: number, at: number, p: Plan): Eval {
  let mask = 0, typos = 0, score = 0;
  p.words.forEach((w, i) => {
    const best = bestSlots(table, at, w);
    if (!best) return;
    mask |= 1 << i;
    typos += best.typos;
    score += best.score;
  });
  return { id, at, mask, coverage: popcount(mask), typos, score };
}

function marksOf(table: Table, at: number, p: Plan): string[] {
  const marks = new Set<string>();
  for (const w of p.words) for (const s of bestSlots(table, at, w)?.slots ?? []) for (const m of table.marks[at + s] ?? []) marks.add(m);
  return [...marks].slice(0, 12);
}

const popcount = (n: number) => { let c = 0; for (; n; n &= n - 1) c++; return c; };

/** Hits listed per page (its best ones). */
const HITS_PER_PAGE = 5;

export function runQuery(index: SearchIndex, shards: LoadedShard[], query: string, options: QueryOptions): PageResult[] {
  const p = plan(query);
  if (!p.words.length) return [];
  const { scope } = options;
  const inScope = (id: number) => !scope || (index.docContext[id] === scope.context) !== Boolean(scope.outside);
  const table = new Table(p.slots.length);
  for (const shard of shards) {
    if (scope && shard.kind === 'body' && (shard.context === scope.context) === Boolean(scope.outside)) continue;
    accumulate(index, shard, p, table, inScope);
  }

  type Group = { route: string; mask: number; coverage: number; typos: number; score: number; context: string; evals: Eval[] };
  const groups = new Map<string, Group>();
  for (const [id, row] of table.rows) {
    const e = evaluate(table, id, row * table.width, p);
    if (!e.mask) continue;
    const route = index.docs[id].u;
    let g = groups.get(route);
    if (!g) groups.set(route, (g = { route, mask: 0, coverage: 0, typos: 0, score: 0, context: index.docContext[id], evals: [] }));
    g.mask |= e.mask;
    g.evals.push(e);
  }
  const byEval = (a: Eval, b: Eval) => b.coverage - a.coverage || a.typos - b.typos || b.score - a.score || (index.docs[a.id].h === '' ? -1 : index.docs[b.id].h === '' ? 1 : a.id - b.id);
  const list = [...groups.values()];
  for (const g of list) {
    g.evals.sort(byEval);
    g.coverage = popcount(g.mask);
    g.typos = g.evals[0].typos;
    // More matching headings lift a page a little; the best hit decides.
    g.score = g.evals[0].score + 0.05 * Math.min(g.evals.length - 1, 10);
  }
  const full = p.words.length;
  const kept = list.some((g) => g.coverage === full) ? list.filter((g) => g.coverage === full) : list;
  const preferred = (g: Group) => (options.prefer !== undefined && g.context === options.prefer ? 0 : 1);
  kept.sort((a, b) => b.coverage - a.coverage || preferred(a) - preferred(b) || a.typos - b.typos || b.score - a.score || (a.route < b.route ? -1 : 1));

  // Only what is returned becomes objects: light results (Pagefind).
  return kept.slice(0, options.limit).map((g) => {
    const page = index.docs[g.evals[0].id];
    const hits = g.evals.slice(0, HITS_PER_PAGE).map((e): SearchHit => ({ ...index.docs[e.id], marks: marksOf(table, e.at, p), coverage: e.coverage, typos: e.typos, score: e.score }));
    return { route: g.route, title: page.s, breadcrumbs: page.b, label: labelOf(g.route, index.manifest.labels), context: g.context, coverage: g.coverage, typos: g.typos, score: g.score, hits };
  });
}
