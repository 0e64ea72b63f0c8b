/**
 * Stage: search index. `(pages, config) => files` — pages become records (a page and
 * each of its h2/h3 headings), records become content-hashed shards:
 * - words shards: the whole vocabulary (every field of every doc) in word order, cut
 *   between two-letter keys into runs of a few KB, each word with its posting list;
 * - docs shards: every doc `{u, h, t, s, b}`, cut between pages into runs of a few KB;
 * - a manifest: pages (doc counts), context starts, and where each run begins.
 * Layout and format: schema/search.ts.
 */
import { shortHash } from '../hash.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { SEARCH_INDEX_VERSION, type DocsShard, type SearchManifest, type StoredDoc, type WordsShard } from '../../schema/search.ts';
import { FIELD, wordKey } from '../../schema/search-codec.ts';
import { SEARCH_LANGUAGES } from '../../schema/site-constants.ts';
import { searchRecords, type SearchPageInput, type SearchRecord } from './records.ts';
import { collectPostings, docTerms, encodeWords, sortedWords, type DocTerms } from './vocabulary.ts';
import { DOCS_BUDGET, pack, WORDS_BUDGET } from './partition.ts';

export type { SearchPageInput } from './records.ts';
export { contextOf } from '../../schema/search-codec.ts';

type Ided = SearchRecord & { id: number };

const hashed = (name: string, json: string) => `_data/search/${name}.${shortHash(json)}.json`;

/** Docs as stored (schema `storedDoc`): a heading doc inherits u, s and b from its page's doc. */
function storedDocs(records: Ided[]): StoredDoc[] {
  return records.map(({ doc }, i) => {
    const { u, h, t, b } = doc;
    if (h && i > 0 && records[i - 1].route === u) return { h, t };
    return h ? { u, h, t, s: doc.s, b } : { u, h, t, b };
  });
}

/** Consecutive records of one page. */
function byPage(records: Ided[]): Ided[][] {
  const pages: Ided[][] = [];
  for (const r of records) {
    if (pages.at(-1)?.[0].route !== r.route) pages.push([]);
    pages.at(-1)!.push(r);
  }
  return pages;
}

/** Consecutive words of one key. */
function byKey(words: string[]): string[][] {
  const groups: string[][] = [];
  for (const w of words) {
    if (groups.length === 0 || wordKey(groups.at(-1)![0]) !== wordKey(w)) groups.push([]);
    groups.at(-1)!.push(w);
  }
  return groups;
}

const fields = (r: Ided) => [
  { text: r.title, bit: FIELD.title }, { text: r.keywords, bit: FIELD.keywords }, { text: r.tagline, bit: FIELD.tagline },
  { text: r.description, bit: FIELD.description }, { text: r.prose, bit: FIELD.prose }, { text: r.code, bit: FIELD.code },
  { text: r.defines, bit: FIELD.defined },
];

export interface IndexBudget { words: number; docs: number }

export interface IndexOptions {
  /** Raw bytes per words and docs shard (tests make them tiny). */
  budget?: IndexBudget;
  /** Synonym groups (content/data/search_synonyms.yaml). */
  synonyms?: { words: string[] }[];
  /**
   * Keeps a page's terms (tokenizing is most of the index's time): called with the
   * page's texts as one string, returns the kept terms or computes them. The build
   * keeps them in its stage memo, so one page changed tokenizes one page.
   */
  keepTerms?: (texts: string, compute: () => DocTerms[]) => DocTerms[];
}

export function buildSearchIndex(pages: SearchPageInput[], config: SiteConfig, options: IndexOptions = {}): { files: Map<string, string>; manifestPath: string; manifest: SearchManifest } {
  const budget = options.budget ?? { words: WORDS_BUDGET, docs: DOCS_BUDGET };
  const records: Ided[] = searchRecords(pages, config).map((r, id) => ({ ...r, id }));
  const files = new Map<string, string>();
  const write = (name: string, json: string) => { const path = hashed(name, json); files.set(path, json); return `/${path}`; };

  const keep = options.keepTerms ?? ((_: string, compute: () => DocTerms[]) => compute());
  const postings = collectPostings(byPage(records).flatMap((page) => {
    const texts = page.map((r) => fields(r).map((f) => f.text));
    const terms = keep(JSON.stringify(texts), () => page.map((r) => docTerms(fields(r))));
    return page.map((r, i) => ({ id: r.id, terms: terms[i] }));
  }));
  // A posting list costs about 3 bytes per doc; a word and its stem about its length.
  const keySize = (group: string[]) => group.reduce((n, w) => n + w.length + 6 + 3 * postings.get(w)!.size, 0);
  const words = pack(byKey(sortedWords(postings)), keySize, budget.words).map((run, n) => {
    const list = run.flat();
    const shard: WordsShard = { version: SEARCH_INDEX_VERSION, kind: 'words', ...encodeWords(list, postings) };
    return { url: write(`words-${n + 1}`, JSON.stringify(shard)), from: n === 0 ? '' : wordKey(list[0]) };
  });

  const pageRuns = byPage(records);
  const docSize = (page: Ided[]) => page.reduce((n, r) => n + r.doc.t.length + r.doc.h.length + 12, 0) + page[0].route.length + page[0].doc.b.join().length;
  const docs = pack(pageRuns, docSize, budget.docs).map((run, n) => {
    const list = run.flat();
    const shard: DocsShard = { version: SEARCH_INDEX_VERSION, kind: 'docs', first: list[0].id, docs: storedDocs(list) };
    return { url: write(`docs-${n + 1}`, JSON.stringify(shard)), first: list[0].id };
  });

  const contextStarts: [string, number][] = [];
  pageRuns.forEach((page, i) => { if (contextStarts.at(-1)?.[0] !== page[0].context) contextStarts.push([page[0].context, i]); });
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION, languages: [...SEARCH_LANGUAGES],
    pages: pageRuns.map((p) => p.length.toString(36)).join(','), contextStarts, words, docs,
    synonyms: (options.synonyms ?? []).map((g) => g.words),
    contexts: config.search.contexts, labels: config.search.labels,
  };
  const manifestJson = JSON.stringify(manifest);
  const manifestPath = hashed('manifest', manifestJson);
  files.set(manifestPath, manifestJson);
  return { files, manifestPath, manifest };
}

