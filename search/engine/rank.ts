/**
 * A query's evidence (table.ts) → its pages, best first, each with its best hits.
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
import type { Plan } from './plan.ts';
import type { SearchIndex } from './shards.ts';
import { isPage, type Table } from './table.ts';
import { inTitle, marksOf, matchInto } from './word-match.ts';

/** How much of a title match depends on the title holding nothing but the query's words. */
const EXACT_SHARE = 0.5;

/** What a weak word's match is worth, against a subject word's. */
const WEAK_SHARE = 0.3;

const popcount = (n: number) => {
  let c = 0;
  for (; n; n &= n - 1) c++;
  return c;
};

/** Hits listed per page (its best ones). */
const HITS_PER_PAGE = 5;

/** A ranked page, before its docs are loaded: its page index and its hits' rows. */
export interface Ranked {
  page: number;
  coverage: number;
  typos: number;
  score: number;
  hits: { id: number; marks: string[]; coverage: number; typos: number; score: number }[];
}

/**
 * Scratch arrays per row and word, reused from query to query (ranking runs start to end
 * without awaiting, so no two use them at once): at 10,000 pages a query ranks 20,000 docs,
 * and fresh arrays cost megabytes of garbage per query.
 */
const scratch = new Map<string, Float64Array>();
function reused(name: string, length: number, fill: number): Float64Array {
  let a = scratch.get(name);
  if (!a || a.length < length) scratch.set(name, (a = new Float64Array(Math.max(length, 2 * (a?.length ?? 0)))));
  return a.subarray(0, length).fill(fill);
}

/** Ranks the pages of a complete lookup's table, the best `limit` of them. */
export function rankPages(
  index: SearchIndex,
  p: Plan,
  table: Table,
  options: { prefer?: string; limit: number },
): Ranked[] {
  if (!p.words.length) return [];
  const rows = scoreRows(table, p);
  const groups = groupByPage(index, table, p.words.length, rows);
  scoreGroups(index, p, rows, groups);
  const preferred = (g: Group) =>
    options.prefer !== undefined && index.pageContext[g.page] === options.prefer ? 0 : 1;
  // Coverage (all words > most > some), the reader's context, typos, then evidence.
  groups.list.sort(
    (a, b) =>
      b.coverage - a.coverage ||
      preferred(a) - preferred(b) ||
      a.typos - b.typos ||
      b.score - a.score ||
      a.page - b.page,
  );
  return topPages(index, table, p, rows, groups.list.slice(0, options.limit));
}

/**
 * Per row (doc): matched words (mask), typos, score, and how many query words its title holds;
 * per row and word (`r * n + i`): its best way's typos (Infinity: none) and score.
 */
interface RowScores {
  mask: Int32Array;
  typos: Float64Array;
  score: Float64Array;
  titled: Int32Array;
  mTypos: Float64Array;
  mScore: Float64Array;
}

function scoreRows(table: Table, p: Plan): RowScores {
  // Per page and word, later: the best score and fewest typos over the page's docs — words may
  // match in different sections.
  const rows = table.size,
    n = p.words.length;
  const mask = new Int32Array(rows),
    typos = new Float64Array(rows),
    score = new Float64Array(rows),
    titled = new Int32Array(rows);
  // Per row and word: its best way's typos (Infinity: none), score and way (matchInto).
  const mTypos = reused('typos', rows * n, 0),
    mScore = reused('score', rows * n, 0),
    mWay = new Uint8Array(rows * n);
  for (let r = 0; r < rows; r++) {
    const at = r * table.width;
    for (let i = 0; i < n; i++) matchInto(table, at, p.words[i], r * n + i, mTypos, mScore, mWay);
    // Exactness (BM25F's length normalisation, for titles): a title made of just the
    // query's words counts in full, one with other words in proportion.
    const titleWords = table.titleWords[r];
    if (titleWords) {
      let inTitleCount = 0;
      for (let i = 0; i < n; i++) {
        const m = r * n + i;
        if (mTypos[m] !== Infinity && inTitle(table, at, p.words[i].ways[mWay[m]].slots))
          inTitleCount += p.words[i].size;
      }
      titled[r] = inTitleCount;
      const norm = 1 - EXACT_SHARE + EXACT_SHARE * Math.min(1, inTitleCount / titleWords);
      for (let i = 0; i < n; i++) {
        const m = r * n + i;
        if (mTypos[m] !== Infinity && inTitle(table, at, p.words[i].ways[mWay[m]].slots)) mScore[m] *= norm;
      }
    }
    for (let i = 0; i < n; i++) {
      const m = r * n + i;
      if (mTypos[m] === Infinity) continue;
      if (p.words[i].weak) {
        score[r] += WEAK_SHARE * mScore[m];
        continue;
      }
      score[r] += mScore[m];
      mask[r] |= 1 << i;
      typos[r] += mTypos[m];
    }
  }
  return { mask, typos, score, titled, mTypos, mScore };
}

/** Rows compared, better first: more words, fewer typos, a higher score, the page's own doc, doc order. */
const betterRow =
  (index: SearchIndex, table: Table, { mask, typos, score }: RowScores) =>
  (a: number, b: number) =>
    popcount(mask[b]) - popcount(mask[a]) ||
    typos[a] - typos[b] ||
    score[b] - score[a] ||
    (isPage(index, table.ids[a]) ? -1 : isPage(index, table.ids[b]) ? 1 : table.ids[a] - table.ids[b]);

/** A page with matching docs. */
type Group = { page: number; at: number; mask: number; coverage: number; best: number; score: number; typos: number };

/**
 * The groups in order of first row; per group and word (`g.at + i`): the best score and its
 * typos, and the sum of the scores over the page's docs.
 */
interface Groups {
  list: Group[];
  gWord: Float64Array;
  gSum: Float64Array;
  gTypos: Float64Array;
}

function groupByPage(index: SearchIndex, table: Table, n: number, rowScores: RowScores): Groups {
  const { mask, mTypos, mScore } = rowScores;
  const better = betterRow(index, table, rowScores);
  const rows = table.size;
  const groupOf = new Map<number, Group>();
  const list: Group[] = [];
  const gWord = reused('word', rows * n, 0),
    gSum = reused('sum', rows * n, 0),
    gTypos = reused('wordTypos', rows * n, Infinity);
  for (let r = 0; r < rows; r++) {
    if (!mask[r]) continue;
    const page = index.pageOf[table.ids[r]];
    let g = groupOf.get(page);
    if (!g) {
      g = { page, at: list.length * n, mask: 0, coverage: 0, best: r, score: 0, typos: 0 };
      groupOf.set(page, g);
      list.push(g);
    }
    g.mask |= mask[r];
    if (better(r, g.best) < 0) g.best = r;
    for (let i = 0; i < n; i++) {
      const m = r * n + i,
        gi = g.at + i;
      if (mTypos[m] === Infinity) continue;
      gSum[gi] += mScore[m];
      if (mTypos[m] < gTypos[gi] || (mTypos[m] === gTypos[gi] && mScore[m] > gWord[gi])) {
        gTypos[gi] = mTypos[m];
        gWord[gi] = mScore[m];
      }
    }
  }
  return { list, gWord, gSum, gTypos };
}

/** Each group's coverage, typos and score, from its words' evidence. */
function scoreGroups(index: SearchIndex, p: Plan, { mask }: RowScores, { list, gWord, gSum, gTypos }: Groups): void {
  const n = p.words.length;
  // Rarer words weigh more (BM25's idf over pages): a question's telling word decides, not its common ones.
  const pages = index.pageFirst.length || 1;
  const strongWords = p.words.filter((w) => !w.weak).length;
  const idf = p.words.map((_, i) => {
    let c = 0;
    for (const g of list) if (gTypos[g.at + i] < Infinity) c++;
    return Math.log(1 + pages / Math.max(1, c));
  });
  for (const g of list) {
    g.coverage = popcount(g.mask);
    // Field-weighted evidence per word; proximity: a doc (section) holding most of the words lifts its page.
    let sum = 0,
      t = 0;
    // Per word: its best doc, plus a fifth of every other doc of the page that has it (more
    // evidence, BM25's term frequency by section), capped so a long table does not win by length.
    for (let i = 0; i < n; i++) {
      const gi = g.at + i;
      if (gTypos[gi] !== Infinity && !p.words[i].weak) t += gTypos[gi];
      sum += (gWord[gi] + 0.2 * Math.min(gSum[gi] - gWord[gi], 15)) * idf[i] * (p.words[i].weak ? WEAK_SHARE : 1);
    }
    g.typos = t;
    const near = strongWords > 1 ? popcount(mask[g.best]) / strongWords : 0;
    g.score = sum * (1 + 0.5 * near);
  }
}

/** The pages returned, as plain objects (Pagefind's light results), each with its docs best first. */
function topPages(index: SearchIndex, table: Table, p: Plan, rowScores: RowScores, top: Group[]): Ranked[] {
  const { mask, typos, score, titled } = rowScores;
  const better = betterRow(index, table, rowScores);
  // Within a page, a heading whose title holds the words comes before the page's own doc matched
  // by its keywords or description: the reader lands where the thing is explained.
  const betterHit = (a: number, b: number) =>
    popcount(mask[b]) - popcount(mask[a]) || typos[a] - typos[b] || titled[b] - titled[a] || better(a, b);
  const hitRows = new Map<number, number[]>(top.map((g) => [g.page, []]));
  for (let r = 0; r < table.size; r++) if (mask[r]) hitRows.get(index.pageOf[table.ids[r]])?.push(r);
  return top.map((g) => ({
    page: g.page,
    coverage: g.coverage,
    typos: g.typos,
    score: g.score,
    hits: hitRows
      .get(g.page)!
      .sort(betterHit)
      .slice(0, HITS_PER_PAGE)
      .map((r) => ({
        id: table.ids[r],
        marks: marksOf(table, r * table.width, p),
        coverage: popcount(mask[r]),
        typos: typos[r],
        score: score[r],
      })),
  }));
}
