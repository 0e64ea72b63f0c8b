/**
 * A query over the loaded shards → results grouped by page, best first. The query is looked up
 * in rounds (`lookup`, `partsNeeded`, `advance`): each round's matches name the postings parts
 * the caller loads before the round runs (gather.ts); the complete lookup is ranked (rank.ts)
 * and, once the docs of the ranked pages are loaded, presented.
 */
import { labelOf } from '../format/codec.ts';
import type { SearchDoc } from '../format/schema.ts';
import { accumulate, matchSlots, partsOf, type SlotMatches } from './gather.ts';
import { plan, type Plan } from './plan.ts';
import { rankPages, type Ranked } from './rank.ts';
import { docsShardOf, wordsShardOf, type PartRef, type SearchIndex } from './shards.ts';
import { Table } from './table.ts';
import { enoughWithoutTypos } from './word-match.ts';

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

/** The words shards a query needs: one per word (and identifier piece), by its key. */
export function wordsNeeded(index: SearchIndex, query: string): number[] {
  return [...new Set(plan(query, index.synonyms).slots.map((s) => wordsShardOf(index, s.text)))].sort((a, b) => a - b);
}

/** The docs shards the ranked pages need for their titles and hits. */
export function docsNeeded(index: SearchIndex, ranked: Ranked[]): number[] {
  const ids = ranked.flatMap((r) => [index.pageFirst[r.page], ...r.hits.map((h) => h.id)]);
  return [...new Set(ids.map((id) => docsShardOf(index, id)))].sort((a, b) => a - b);
}

/**
 * A query being ranked, in rounds: each round's matches need their postings parts
 * (`partsNeeded`), which the caller loads before `advance` runs the round. The first
 * round takes the exact, stem and prefix matches; a second, the typo matches, only
 * when the first leaves fewer than `limit` pages matching every word without typos.
 * What each round needs is a function of the query and the index alone.
 */
export interface Lookup {
  p: Plan;
  options: QueryOptions;
  table: Table;
  inScope: (id: number) => boolean;
  round?: (SlotMatches | undefined)[];
  typos: boolean;
}

/** Starts ranking `query` over the loaded words shards (those `wordsNeeded` names). */
export function lookup(index: SearchIndex, query: string, options: QueryOptions): Lookup {
  const p = plan(query, index.synonyms);
  const { scope } = options;
  const inScope = (id: number) =>
    !scope || (index.pageContext[index.pageOf[id]] === scope.context) !== Boolean(scope.outside);
  const table = new Table(index, p.slots.length);
  return {
    p,
    options,
    table,
    inScope,
    round: p.words.length ? matchSlots(index, p, 'exact') : undefined,
    typos: false,
  };
}

/** The postings parts the current round needs (none once the ranking is complete). */
export const partsNeeded = (l: Lookup): PartRef[] => (l.round ? partsOf(l.round) : []);

/** Runs the current round over its loaded parts; true once the ranking is complete. */
export function advance(index: SearchIndex, l: Lookup): boolean {
  if (!l.round) return true;
  accumulate(index, l.p, l.table, l.inScope, l.round);
  l.round = undefined;
  // Typo matches rank below every exact or prefix match of as many words: look for them only
  // when fewer than `limit` pages match all words without typos (in the preferred context, if any).
  if (!l.typos && !enoughWithoutTypos(index, l.table, l.p, l.options)) {
    l.typos = true;
    l.round = matchSlots(index, l.p, 'typos');
    return false;
  }
  return true;
}

/** Ranks pages, everything the query needs already loaded (words shards and their parts). */
export function rank(index: SearchIndex, query: string, options: QueryOptions): Ranked[] {
  const l = lookup(index, query, options);
  while (!advance(index, l));
  return ranked(index, l);
}

/** The ranked pages, once `advance` has completed the lookup. */
export function ranked(index: SearchIndex, l: Lookup): Ranked[] {
  try {
    return rankPages(index, l.p, l.table, l.options);
  } finally {
    l.table.release();
  }
}

/** Ranked pages as results, once their docs are loaded (`docsNeeded`). */
export function present(index: SearchIndex, ranked: Ranked[]): PageResult[] {
  return ranked.map((r) => {
    const page = index.docs[index.pageFirst[r.page]]!;
    return {
      route: page.u,
      title: page.s,
      breadcrumbs: page.b,
      label: labelOf(page.u, index.manifest.labels),
      context: index.pageContext[r.page],
      coverage: r.coverage,
      typos: r.typos,
      score: r.score,
      hits: r.hits.map(
        (h): SearchHit => ({
          ...index.docs[h.id]!,
          marks: h.marks,
          coverage: h.coverage,
          typos: h.typos,
          score: h.score,
        }),
      ),
    };
  });
}

/** Ranks and presents, with everything the query needs already loaded (tests, the bench). */
export const runQuery = (index: SearchIndex, query: string, options: QueryOptions): PageResult[] =>
  present(index, rank(index, query, options));
