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
import { decodePostings, FIELD, labelOf } from '../../../schema/search-codec.ts';
import { queryWords, stem } from '../../../schema/search-tokenize.ts';
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
interface Slot { text: string; stem: string; fuzzy: boolean; prefix: boolean }
interface Plan { slots: Slot[]; words: { whole: number; pieces: number[] }[] }

function plan(query: string): Plan {
  const slots: Slot[] = [];
  const list = queryWords(query).slice(0, 8);
  // The last word may still be being typed: its typo matches may be beginnings of longer words.
  const slot = (text: string, fuzzy: boolean, last: boolean) => slots.push({ text, stem: stem(text), fuzzy, prefix: last }) - 1;
  const words = list.map((w, i) => ({ whole: slot(w.whole, true, i === list.length - 1), pieces: w.pieces.map((p) => slot(p, false, false)) }));
  return { slots, words };
}

/**
 * Per doc (a row) and slot: the fewest typos seen, the best score with that many, and
 * the words to mark. Flat arrays: a common word touches thousands of docs per query.
 */
class Table {
  /** Row of each doc id (-1: none yet), and the doc id of each row. */
  rowOf: Int32Array;
  ids: number[] = [];
  typos: number[] = [];
  score: number[] = [];
  marks: (string[] | undefined)[] = [];
  constructor(readonly width: number, docs: number) { this.rowOf = new Int32Array(docs).fill(-1); }
  row(id: number): number {
    let r = this.rowOf[id];
    if (r === -1) {
      r = this.rowOf[id] = this.ids.length;
      this.ids.push(id);
      for (let s = 0; s < this.width; s++) { this.typos.push(Infinity); this.score.push(0); this.marks.push(undefined); }
    }
    return r * this.width;
  }
}

/** Adds one shard's matches to the table: the exact, stem and prefix ones, or (second pass) the typo ones. */
function accumulate(index: SearchIndex, shard: LoadedShard, p: Plan, table: Table, inScope: (id: number) => boolean, pass: 'exact' | 'typos') {
  p.slots.forEach((slot, s) => {
    if (pass === 'typos' && !slot.fuzzy) return;
    const options = pass === 'exact' ? { fuzzy: false } : { exact: false, fuzzy: true, prefix: slot.prefix };
    for (const m of matchWord(shard.vocab, slot.text, slot.stem, options).values()) {
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

/** How a word matched a doc: through the whole word, or all of its identifier pieces. */
interface WordMatch { typos: number; score: number; slots: number[] }

function wordMatch(table: Table, at: number, w: Plan['words'][number]): WordMatch | undefined {
  const whole = table.typos[at + w.whole];
  if (!w.pieces.length) return whole < Infinity ? { typos: whole, score: table.score[at + w.whole], slots: [w.whole] } : undefined;
  let best: WordMatch | undefined = whole < Infinity ? { typos: whole, score: table.score[at + w.whole], slots: [w.whole] } : undefined;
  // An identifier also matches through all of its pieces (`wallet-transfers` → wallet … transfers),
  // ranked like a typo: the whole identifier comes first.
  if (w.pieces.every((s) => table.typos[at + s] < Infinity)) {
    const pieces = { typos: 1 + Math.max(...w.pieces.map((s) => table.typos[at + s])), score: 0.7 * Math.min(...w.pieces.map((s) => table.score[at + s])), slots: w.pieces };
    if (!best || pieces.typos < best.typos || (pieces.typos === best.typos && pieces.score > best.score)) best = pieces;
  }
  return best;
}

function marksOf(table: Table, at: number, p: Plan): string[] {
  const marks = new Set<string>();
  for (const w of p.words) for (const s of wordMatch(table, at, w)?.slots ?? []) for (const m of table.marks[at + s] ?? []) marks.add(m);
  return [...marks].slice(0, 12);
}

const popcount = (n: number) => { let c = 0; for (; n; n &= n - 1) c++; return c; };

function enoughWithoutTypos(index: SearchIndex, table: Table, p: Plan, options: QueryOptions): boolean {
  const pages = new Set<string>();
  for (let r = 0; r < table.ids.length && pages.size < options.limit; r++) {
    const id = table.ids[r];
    if (options.prefer !== undefined && index.docContext[id] !== options.prefer) continue;
    if (p.words.every((w) => wordMatch(table, r * table.width, w)?.typos === 0)) pages.add(index.docs[id].u);
  }
  return pages.size >= options.limit;
}

/** Hits listed per page (its best ones). */
const HITS_PER_PAGE = 5;

export function runQuery(index: SearchIndex, shards: LoadedShard[], query: string, options: QueryOptions): PageResult[] {
  const p = plan(query);
  if (!p.words.length) return [];
  const { scope } = options;
  const inScope = (id: number) => !scope || (index.docContext[id] === scope.context) !== Boolean(scope.outside);
  const table = new Table(p.slots.length, index.docs.length);
  const searched = shards.filter((shard) => !(scope && shard.kind === 'body' && (shard.context === scope.context) === Boolean(scope.outside)));
  for (const shard of searched) accumulate(index, shard, p, table, inScope, 'exact');
  // Typo matches rank below every exact or prefix match of as many words: look for them only
  // when fewer than `limit` pages match all words without typos (in the preferred context, if any).
  if (!enoughWithoutTypos(index, table, p, options)) for (const shard of searched) accumulate(index, shard, p, table, inScope, 'typos');

  // Per row: matched words (mask), typos, score — plain arrays, as thousands of docs may match.
  const rows = table.ids.length;
  const mask = new Int32Array(rows), typos = new Float64Array(rows), score = new Float64Array(rows);
  const simple = p.words.every((w) => !w.pieces.length);
  for (let r = 0; r < rows; r++) {
    const at = r * table.width;
    for (let i = 0; i < p.words.length; i++) {
      const w = p.words[i];
      if (simple) {
        const t = table.typos[at + w.whole];
        if (t === Infinity) continue;
        mask[r] |= 1 << i; typos[r] += t; score[r] += table.score[at + w.whole];
      } else {
        const m = wordMatch(table, at, w);
        if (!m) continue;
        mask[r] |= 1 << i; typos[r] += m.typos; score[r] += m.score;
      }
    }
  }
  const better = (a: number, b: number) => popcount(mask[b]) - popcount(mask[a]) || typos[a] - typos[b] || score[b] - score[a]
    || (index.docs[table.ids[a]].h === '' ? -1 : index.docs[table.ids[b]].h === '' ? 1 : table.ids[a] - table.ids[b]);

  type Group = { route: string; mask: number; coverage: number; best: number; count: number; rows: number[]; context: string };
  const groups = new Map<string, Group>();
  for (let r = 0; r < rows; r++) {
    if (!mask[r]) continue;
    const id = table.ids[r];
    const route = index.docs[id].u;
    let g = groups.get(route);
    if (!g) groups.set(route, (g = { route, mask: 0, coverage: 0, best: r, count: 0, rows: [], context: index.docContext[id] }));
    g.mask |= mask[r];
    g.count++;
    g.rows.push(r);
    if (better(r, g.best) < 0) g.best = r;
  }
  const list = [...groups.values()];
  for (const g of list) g.coverage = popcount(g.mask);
  const full = p.words.length;
  const kept = list.some((g) => g.coverage === full) ? list.filter((g) => g.coverage === full) : list;
  const preferred = (g: Group) => (options.prefer !== undefined && g.context === options.prefer ? 0 : 1);
  // More matching headings lift a page a little; its best hit decides.
  const pageScore = (g: Group) => score[g.best] + 0.05 * Math.min(g.count - 1, 10);
  kept.sort((a, b) => b.coverage - a.coverage || preferred(a) - preferred(b) || typos[a.best] - typos[b.best] || pageScore(b) - pageScore(a) || (a.route < b.route ? -1 : 1));

  // Only what is returned becomes objects: light results (Pagefind).
  return kept.slice(0, options.limit).map((g) => {
    const page = index.docs[table.ids[g.best]];
    const hits = g.rows.sort(better).slice(0, HITS_PER_PAGE).map((r): SearchHit => ({
      ...index.docs[table.ids[r]], marks: marksOf(table, r * table.width, p), coverage: popcount(mask[r]), typos: typos[r], score: score[r],
    }));
    return { route: g.route, title: page.s, breadcrumbs: page.b, label: labelOf(g.route, index.manifest.labels), context: g.context, coverage: g.coverage, typos: typos[g.best], score: pageScore(g), hits };
  });
}
