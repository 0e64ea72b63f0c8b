/**
 * A query over the loaded shards → results grouped by page, best first.
 *
 * Ranking, in order:
 * 1. coverage — how many query words the page matches (all words, when any page
 *    matches them all; otherwise the best partial matches). Stop words are dropped; the
 *    words that frame a question (plan.ts: "how does X *work*") add evidence only; a
 *    synonym-table phrase ("pay out") is one word;
 * 2. the current page's search context first (suggestions), when given;
 * 3. typos — exact and prefix matches before fuzzy ones;
 * 4. score, BM25F-like — per word and doc: match tier (exact 1 > same stem 0.9 > prefix
 *    0.5–0.8 > typo 0.5; synonym 0.8×, identifier pieces 0.7×) × field (page title 10 >
 *    defined term 9 > heading 8 > keyword 7 when the keyword phrase is no longer than
 *    the query, else 6 > description 4 > prose 3 > code 1.5); a title match scaled by
 *    exactness (the title's words that are query words, over its length: 0.5–1); per page,
 *    each word's best doc plus a fifth of its other docs (capped), × idf over pages,
 *    summed over the words (weak words 0.3×), × 1–1.5 for the share of words one doc holds.
 * A page's hits (its title and headings) group under it, so one page does not flood the list.
 */
import { decodePostings, FIELD, labelOf } from '../../../schema/search-codec.ts';
import type { SearchDoc } from '../../../schema/search.ts';
import { matchWord, Tier } from './vocabulary.ts';
import { plan, type Plan, type PlanWord } from './plan.ts';
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

/** A keyword phrase no longer than the query (`exactKeyword`) names what the page is about: it counts nearly as a heading. */
const fieldWeight = (bits: number, isPage: boolean, exactKeyword: boolean) => Math.max(bits & FIELD.title ? (isPage ? 10 : 8) : 0, bits & FIELD.defined ? 9 : 0, bits & FIELD.keywords ? (exactKeyword ? 7 : 6) : 0,
  bits & FIELD.tagline ? 4 : 0, bits & FIELD.description ? 4 : 0, bits & FIELD.prose ? 3 : 0, bits & FIELD.code ? 1.5 : 0);

/** How much of a title match depends on the title holding nothing but the query's words. */
const EXACT_SHARE = 0.5;

/** What a weak word's match is worth, against a subject word's. */
const WEAK_SHARE = 0.3;

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
  /** 1 when the slot's best match is in the doc's title (or a term it defines). */
  titled: number[] = [];
  marks: (string[] | undefined)[] = [];
  /** Per row: the doc title's length in content words (0: unknown). */
  titleWords: number[] = [];
  constructor(readonly width: number, docs: number) { this.rowOf = new Int32Array(docs).fill(-1); }
  row(id: number): number {
    let r = this.rowOf[id];
    if (r === -1) {
      r = this.rowOf[id] = this.ids.length;
      this.ids.push(id);
      this.titleWords.push(0);
      for (let s = 0; s < this.width; s++) { this.typos.push(Infinity); this.score.push(0); this.titled.push(0); this.marks.push(undefined); }
    }
    return r * this.width;
  }
}

const isPage = (index: SearchIndex, id: number) => index.pageFirst[index.pageOf[id]] === id;

/** Adds the matches of every slot: the exact, stem and prefix ones, or (second pass) the typo ones. */
function accumulate(index: SearchIndex, p: Plan, table: Table, inScope: (id: number) => boolean, pass: 'exact' | 'typos') {
  const subjectWords = p.words.reduce((n, w) => n + (w.weak ? 0 : w.size), 0);
  p.slots.forEach((slot, s) => {
    if (pass === 'typos' && !slot.fuzzy) return;
    const vocab = index.words.get(wordsShardOf(index, slot.text));
    if (!vocab) return;
    const options = pass === 'exact' ? { fuzzy: false } : { exact: false, fuzzy: true, prefix: slot.prefix };
    for (const m of matchWord(vocab, slot.text, slot.stem, options).values()) {
      decodePostings(vocab.post[m.term], (id, bits, titleWords, keywordWords) => {
        if (id >= index.pageOf.length || !inScope(id)) return;
        const score = m.weight * fieldWeight(bits, isPage(index, id), keywordWords > 0 && keywordWords <= subjectWords);
        const row = table.row(id);
        if (titleWords) table.titleWords[row / table.width] = titleWords;
        const at = row + s;
        const titled = bits & (FIELD.title | FIELD.defined) ? 1 : 0;
        // Fewest typos first; the marks are those of the matches with that many typos.
        if (m.typos < table.typos[at]) { table.typos[at] = m.typos; table.score[at] = score; table.titled[at] = titled; table.marks[at] = [m.mark]; return; }
        if (m.typos > table.typos[at]) return;
        if (score > table.score[at]) { table.score[at] = score; table.titled[at] = titled; }
        const marks = table.marks[at]!;
        if (!marks.includes(m.mark) && (m.tier !== Tier.Fuzzy || marks.length < 3)) marks.push(m.mark);
      });
    }
  });
}

/** How a word matched a doc: through one of its ways (plan.ts), all of the way's slots. */
interface WordMatch { typos: number; score: number; slots: number[] }

/** Whether a word's match is in the doc's title. */
const inTitle = (table: Table, at: number, m: WordMatch) => m.slots.every((s) => table.titled[at + s] === 1);

/** The word's best way for this doc: fewest typos, then the highest score. */
function wordMatch(table: Table, at: number, w: PlanWord): WordMatch | undefined {
  let best: WordMatch | undefined;
  for (const way of w.ways) {
    let typos = 0, score = Infinity;
    for (const s of way.slots) {
      if (table.typos[at + s] === Infinity) { score = -1; break; }
      typos = Math.max(typos, table.typos[at + s]);
      score = Math.min(score, table.score[at + s]);
    }
    if (score < 0) continue;
    const m = { typos: typos + way.typos, score: way.factor * score, slots: way.slots };
    if (!best || m.typos < best.typos || (m.typos === best.typos && m.score > best.score)) best = m;
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
    if (p.words.every((w) => w.weak || wordMatch(table, r * table.width, w)?.typos === 0)) pages.add(page);
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
  const mask = new Int32Array(rows), typos = new Float64Array(rows), score = new Float64Array(rows), titled = new Int32Array(rows);
  const matches: (WordMatch | undefined)[] = new Array(rows * n);
  for (let r = 0; r < rows; r++) {
    const at = r * table.width;
    for (let i = 0; i < n; i++) matches[r * n + i] = wordMatch(table, at, p.words[i]);
    // Exactness (BM25F's length normalisation, for titles): a title made of just the
    // query's words counts in full, one with other words in proportion.
    const titleWords = table.titleWords[r];
    if (titleWords) {
      let inTitleCount = 0;
      for (let i = 0; i < n; i++) { const m = matches[r * n + i]; if (m && inTitle(table, at, m)) inTitleCount += p.words[i].size; }
      titled[r] = inTitleCount;
      const norm = 1 - EXACT_SHARE + EXACT_SHARE * Math.min(1, inTitleCount / titleWords);
      for (let i = 0; i < n; i++) { const m = matches[r * n + i]; if (m && inTitle(table, at, m)) m.score *= norm; }
    }
    for (let i = 0; i < n; i++) {
      const m = matches[r * n + i];
      if (!m) continue;
      if (p.words[i].weak) { score[r] += WEAK_SHARE * m.score; continue; }
      score[r] += m.score;
      mask[r] |= 1 << i; typos[r] += m.typos;
    }
  }
  // Within a page, a heading whose title holds the words comes before the page's own doc matched
  // by its keywords or description: the reader lands where the thing is explained.
  const betterHit = (a: number, b: number) => popcount(mask[b]) - popcount(mask[a]) || typos[a] - typos[b] || titled[b] - titled[a] || better(a, b);
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
  const strongWords = p.words.filter((w) => !w.weak).length;
  const idf = p.words.map((_, i) => Math.log(1 + pages / Math.max(1, list.filter((g) => g.wordTypos[i] < Infinity).length)));
  for (const g of list) {
    g.coverage = popcount(g.mask);
    g.typos = g.wordTypos.reduce((a, t, i) => a + (t === Infinity || p.words[i].weak ? 0 : t), 0);
    // Field-weighted evidence per word; proximity: a doc (section) holding most of the words lifts its page.
    let sum = 0;
    // Per word: its best doc, plus a fifth of every other doc of the page that has it (more
    // evidence, BM25's term frequency by section), capped so a long table does not win by length.
    for (let i = 0; i < n; i++) sum += (g.word[i] + 0.2 * Math.min(g.wordSum[i] - g.word[i], 15)) * idf[i] * (p.words[i].weak ? WEAK_SHARE : 1);
    const near = strongWords > 1 ? popcount(mask[g.best]) / strongWords : 0;
    g.score = sum * (1 + 0.5 * near);
  }
  const preferred = (g: Group) => (options.prefer !== undefined && index.pageContext[g.page] === options.prefer ? 0 : 1);
  // Coverage (all words > most > some), the reader's context, typos, then evidence.
  list.sort((a, b) => b.coverage - a.coverage || preferred(a) - preferred(b) || a.typos - b.typos || b.score - a.score || a.page - b.page);

  // Only what is returned becomes objects: light results (Pagefind).
  return list.slice(0, options.limit).map((g) => ({
    page: g.page, coverage: g.coverage, typos: g.typos, score: g.score,
    hits: g.rows.sort(betterHit).slice(0, HITS_PER_PAGE).map((r) => ({ id: table.ids[r], marks: marksOf(table, r * table.width, p), coverage: popcount(mask[r]), typos: typos[r], score: score[r] })),
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
