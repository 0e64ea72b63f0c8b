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
import { docsShardOf, wordsShardOf, type SearchIndex } from './shards.ts';

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

const fieldWeight = (bits: number, isPage: boolean) => Math.max(bits & FIELD.title ? (isPage ? 10 : 8) : 0, bits & FIELD.defined ? 9 : 0, bits & FIELD.keywords ? 6 : 0,
  bits & FIELD.tagline ? 4 : 0, bits & FIELD.description ? 4 : 0, bits & FIELD.prose ? 3 : 0, bits & FIELD.code ? 1.5 : 0);

/** What a query asks for: one slot per word, one per identifier piece, one per synonym. */
interface Slot { text: string; stem: string; fuzzy: boolean; prefix: boolean }
interface Plan { slots: Slot[]; words: { whole: number; pieces: number[]; alts: number[] }[] }

/** Words a question is made of but no page is about (en + ru): dropped unless the query has nothing else. */
const STOP = new Set(('a an the and or of to in on for with by at from is are was were be been do does did how what why when where which who whom '
  + 'can could should would will i my me we our you your it its this that these those there if as not into about than then so any some '
  + 'и в во не что как а на с со по к у о об из за для от до ли же бы я мой моя мои мне где когда почему какой какая какие это или').split(' '));

function plan(query: string, synonyms: ReadonlyMap<string, string[]> = new Map()): Plan {
  const slots: Slot[] = [];
  const all = queryWords(query).slice(0, 10);
  const content = all.filter((w, i) => !STOP.has(w.whole) || (i === all.length - 1 && !/\s$/.test(query) && w.whole.length > 2));
  const list = (content.length ? content : all).slice(0, 8);
  // The last word may still be being typed: its typo matches may be beginnings of longer words.
  const slot = (text: string, fuzzy: boolean, last: boolean) => slots.push({ text, stem: stem(text), fuzzy, prefix: last }) - 1;
  const words = list.map((w, i) => ({
    whole: slot(w.whole, true, i === list.length - 1),
    pieces: w.pieces.map((p) => slot(p, false, false)),
    alts: (synonyms.get(w.whole) ?? synonyms.get(stem(w.whole)) ?? []).map((a) => slot(a, false, false)),
  }));
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

const isPage = (index: SearchIndex, id: number) => index.pageFirst[index.pageOf[id]] === id;

/** Adds the matches of every slot: the exact, stem and prefix ones, or (second pass) the typo ones. */
function accumulate(index: SearchIndex, p: Plan, table: Table, inScope: (id: number) => boolean, pass: 'exact' | 'typos') {
  p.slots.forEach((slot, s) => {
    if (pass === 'typos' && !slot.fuzzy) return;
    const vocab = index.words.get(wordsShardOf(index, slot.text));
    if (!vocab) return;
    const options = pass === 'exact' ? { fuzzy: false } : { exact: false, fuzzy: true, prefix: slot.prefix };
    for (const m of matchWord(vocab, slot.text, slot.stem, options).values()) {
      decodePostings(vocab.post[m.term], (id, bits) => {
        if (id >= index.pageOf.length || !inScope(id)) return;
        const score = m.weight * fieldWeight(bits, isPage(index, id));
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
  if (!w.pieces.length && !w.alts.length) return whole < Infinity ? { typos: whole, score: table.score[at + w.whole], slots: [w.whole] } : undefined;
  let best: WordMatch | undefined = whole < Infinity ? { typos: whole, score: table.score[at + w.whole], slots: [w.whole] } : undefined;
  // A synonym counts as the word, a little below it.
  for (const a of w.alts) {
    if (table.typos[at + a] === Infinity) continue;
    const alt = { typos: table.typos[at + a], score: 0.8 * table.score[at + a], slots: [a] };
    if (!best || alt.typos < best.typos || (alt.typos === best.typos && alt.score > best.score)) best = alt;
  }
  if (!w.pieces.length) return best;
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
  const pages = new Set<number>();
  for (let r = 0; r < table.ids.length && pages.size < options.limit; r++) {
    const page = index.pageOf[table.ids[r]];
    if (options.prefer !== undefined && index.pageContext[page] !== options.prefer) continue;
    if (p.words.every((w) => wordMatch(table, r * table.width, w)?.typos === 0)) pages.add(page);
  }
  return pages.size >= options.limit;
}

/** Hits listed per page (its best ones). */
const HITS_PER_PAGE = 5;

/** A ranked page, before its docs are loaded: its page index and its hits' rows. */
export interface Ranked { page: number; coverage: number; typos: number; score: number; hits: { id: number; marks: string[]; coverage: number; typos: number; score: number }[] }

/** The words shards a query needs: one per word (and identifier piece), by its key. */
export function wordsNeeded(index: SearchIndex, query: string): number[] {
  return [...new Set(plan(query, index.synonyms).slots.map((s) => wordsShardOf(index, s.text)))].sort((a, b) => a - b);
}

/** The docs shards the ranked pages need for their titles and hits. */
export function docsNeeded(index: SearchIndex, ranked: Ranked[]): number[] {
  const ids = ranked.flatMap((r) => [index.pageFirst[r.page], ...r.hits.map((h) => h.id)]);
  return [...new Set(ids.map((id) => docsShardOf(index, id)))].sort((a, b) => a - b);
}

/** Ranks pages for `query` over the loaded words shards (those `wordsNeeded` names). */
export function rank(index: SearchIndex, query: string, options: QueryOptions): Ranked[] {
  const p = plan(query, index.synonyms);
  if (!p.words.length) return [];
  const { scope } = options;
  const inScope = (id: number) => !scope || (index.pageContext[index.pageOf[id]] === scope.context) !== Boolean(scope.outside);
  const table = new Table(p.slots.length, index.pageOf.length);
  accumulate(index, p, table, inScope, 'exact');
  // Typo matches rank below every exact or prefix match of as many words: look for them only
  // when fewer than `limit` pages match all words without typos (in the preferred context, if any).
  if (!enoughWithoutTypos(index, table, p, options)) accumulate(index, p, table, inScope, 'typos');

  // Per row (doc): matched words (mask), typos, score; per page and word: the best score and
  // fewest typos over the page's docs — words may match in different sections.
  const rows = table.ids.length, n = p.words.length;
  const mask = new Int32Array(rows), typos = new Float64Array(rows), score = new Float64Array(rows);
  const matches: (WordMatch | undefined)[] = new Array(rows * n);
  for (let r = 0; r < rows; r++) {
    const at = r * table.width;
    for (let i = 0; i < n; i++) {
      const m = (matches[r * n + i] = wordMatch(table, at, p.words[i]));
      if (!m) continue;
      mask[r] |= 1 << i; typos[r] += m.typos; score[r] += m.score;
    }
  }
  const better = (a: number, b: number) => popcount(mask[b]) - popcount(mask[a]) || typos[a] - typos[b] || score[b] - score[a]
    || (isPage(index, table.ids[a]) ? -1 : isPage(index, table.ids[b]) ? 1 : table.ids[a] - table.ids[b]);

  type Group = { page: number; mask: number; coverage: number; best: number; count: number; rows: number[]; word: Float64Array; wordSum: Float64Array; wordTypos: Float64Array; score: number; typos: number };
  const groups = new Map<number, Group>();
  for (let r = 0; r < rows; r++) {
    if (!mask[r]) continue;
    const page = index.pageOf[table.ids[r]];
    let g = groups.get(page);
    if (!g) groups.set(page, (g = { page, mask: 0, coverage: 0, best: r, count: 0, rows: [], word: new Float64Array(n), wordSum: new Float64Array(n), wordTypos: new Float64Array(n).fill(Infinity), score: 0, typos: 0 }));
    g.mask |= mask[r];
    g.count++;
    g.rows.push(r);
    if (better(r, g.best) < 0) g.best = r;
    for (let i = 0; i < n; i++) {
      const m = matches[r * n + i];
      if (!m) continue;
      g.wordSum[i] += m.score;
      if (m.typos < g.wordTypos[i] || (m.typos === g.wordTypos[i] && m.score > g.word[i])) { g.wordTypos[i] = m.typos; g.word[i] = m.score; }
    }
  }
  const list = [...groups.values()];
  // Rarer words weigh more (BM25's idf over pages): a question's telling word decides, not its common ones.
  const pages = index.pageFirst.length || 1;
  const idf = p.words.map((_, i) => Math.log(1 + pages / Math.max(1, list.filter((g) => g.mask & (1 << i)).length)));
  for (const g of list) {
    g.coverage = popcount(g.mask);
    g.typos = g.wordTypos.reduce((a, t) => a + (t === Infinity ? 0 : t), 0);
    // Field-weighted evidence per word; proximity: a doc (section) holding most of the words lifts its page.
    let sum = 0;
    // Per word: its best doc, plus a little for every other doc of the page that has it (more evidence).
    for (let i = 0; i < n; i++) sum += (g.word[i] + 0.1 * Math.min(g.wordSum[i] - g.word[i], 15)) * idf[i];
    const near = n > 1 ? popcount(mask[g.best]) / n : 0;
    g.score = sum * (1 + 0.5 * near);
  }
  const preferred = (g: Group) => (options.prefer !== undefined && index.pageContext[g.page] === options.prefer ? 0 : 1);
  // Coverage (all words > most > some), the reader's context, typos, then evidence.
  list.sort((a, b) => b.coverage - a.coverage || preferred(a) - preferred(b) || a.typos - b.typos || b.score - a.score || a.page - b.page);

  // Only what is returned becomes objects: light results (Pagefind).
  return list.slice(0, options.limit).map((g) => ({
    page: g.page, coverage: g.coverage, typos: g.typos, score: g.score,
    hits: g.rows.sort(better).slice(0, HITS_PER_PAGE).map((r) => ({ id: table.ids[r], marks: marksOf(table, r * table.width, p), coverage: popcount(mask[r]), typos: typos[r], score: score[r] })),
  }));
}

/** Ranked pages as results, once their docs are loaded (`docsNeeded`). */
export function present(index: SearchIndex, ranked: Ranked[]): PageResult[] {
  return ranked.map((r) => {
    const page = index.docs[index.pageFirst[r.page]]!;
    return {
      route: page.u, title: page.s, breadcrumbs: page.b, label: labelOf(page.u, index.manifest.labels), context: index.pageContext[r.page],
      coverage: r.coverage, typos: r.typos, score: r.score,
      hits: r.hits.map((h): SearchHit => ({ ...index.docs[h.id]!, marks: h.marks, coverage: h.coverage, typos: h.typos, score: h.score })),
    };
  });
}

/** Ranks and presents, with everything the query needs already loaded (tests, the bench). */
export const runQuery = (index: SearchIndex, query: string, options: QueryOptions): PageResult[] => present(index, rank(index, query, options));
