/**
 * Stage: search index. `(pages, config) => files` — pages become records (a page and
 * each of its h2/h3 headings), records become content-hashed shards:
 * - words shards: the whole vocabulary (every field of every doc) in word order, cut
 *   between two-letter keys into runs of a few KB, each word with its stem; its
 *   posting lists in postings shards of a few KB each (the shard's `parts`);
 * - docs shards: every doc `{u, h, t, s, b}`, cut between pages into runs of a few KB;
 * - a manifest: pages (doc counts), context starts, and where each run begins.
 * Layout and format: search/format/schema.ts.
 */
import { sha, shortHash } from '../../pipeline/hash.ts';
import { computeNow, type Keep } from '../../pipeline/incremental/memo.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import {
  SEARCH_INDEX_VERSION,
  type DocsShard,
  type PostingsShard,
  type SearchManifest,
  type StoredDoc,
  type WordsShard,
} from '../format/schema.ts';
import { FIELD, partUrl, shardList, shardPath, SHARDS_PER_HASH, wordKey } from '../format/codec.ts';
import { SEARCH_LANGUAGES } from '../../schema/site-constants.ts';
import { SEARCH_DIR } from '../../schema/dist-layout.ts';
import { repeatedHeadings, searchRecords, type SearchPageInput, type SearchRecord } from './records.ts';
import { collectPostings, docTerms, encodeWords, sortedWords, type DocTerms, type Postings } from './vocabulary.ts';
import { DOCS_BUDGET, pack, POSTINGS_BUDGET, WORDS_BUDGET } from './partition.ts';

export type { SearchPageInput } from './records.ts';
export { contextOf } from '../format/codec.ts';

type Ided = SearchRecord & { id: number };

const hashed = (name: string, json: string) => `${SEARCH_DIR}/${name}.${shortHash(json)}.json`;

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
  { text: r.title, bit: FIELD.title },
  { text: r.keywords, bit: FIELD.keywords },
  { text: r.tagline, bit: FIELD.tagline },
  { text: r.description, bit: FIELD.description },
  { text: r.prose, bit: FIELD.prose },
  { text: r.code, bit: FIELD.code },
  { text: r.defines, bit: FIELD.defined },
];

export interface IndexBudget {
  words: number;
  docs: number;
  postings?: number;
}

export interface IndexOptions {
  /** Raw bytes per words and docs shard (tests make them tiny). */
  budget?: IndexBudget;
  /** Synonym groups (content/data/search_synonyms.yaml). */
  synonyms?: { words: string[] }[];
  /**
   * Keeps what is a function of its inputs across builds (the build's stage memo, memo.ts
   * `Keep`): each page's terms (stage `index-terms`, under the page's texts: tokenizing is
   * most of the index's time) and each words shard with its parts (`index-words`, under its
   * words and their posting lists: stemming and encoding them was half of what one page
   * changed still cost). One page changed tokenizes that page and encodes the shards its
   * words are in.
   */
  keep?: Keep;
}

/** Writes a kind's shards, named by their run's hash (search/format/codec.ts `SHARDS_PER_HASH`); returns the hashes. */
function writeRuns(files: Map<string, string>, kind: 'words' | 'docs', jsons: string[]): string[] {
  const hashes: string[] = [];
  for (let i = 0; i < jsons.length; i += SHARDS_PER_HASH)
    hashes.push(shortHash(jsons.slice(i, i + SHARDS_PER_HASH).join('\n')));
  jsons.forEach((json, n) => files.set(shardPath(kind, n, hashes[Math.floor(n / SHARDS_PER_HASH)]), json));
  return hashes;
}

/** A words shard and its postings parts, as kept: its JSON, its parts' JSON and first word, their hash. */
interface WordsRun {
  json: string;
  parts: { at: number; json: string }[];
  hash: string;
  from: string;
}

function wordsShard(words: string[], postings: Postings, postingsBudget: number): WordsRun {
  const { post, ...vocabulary } = encodeWords(words, postings);
  const parts = pack(
    post.map((p, i) => ({ p, i })),
    ({ p }) => p.length + 3,
    postingsBudget,
  ).map((part) => ({
    at: part[0].i,
    json: JSON.stringify({
      version: SEARCH_INDEX_VERSION,
      kind: 'postings',
      post: part.map(({ p }) => p),
    } satisfies PostingsShard),
  }));
  const hash = shortHash(parts.map((p) => p.json).join('\n'));
  const shard: WordsShard = {
    version: SEARCH_INDEX_VERSION,
    kind: 'words',
    ...vocabulary,
    parts: { hash, at: parts.map((p) => p.at) },
  };
  return { json: JSON.stringify(shard), parts, hash, from: wordKey(vocabulary.words[0]) };
}

/**
 * What a words shard is made from besides its words: their posting lists, hashed as
 * numbers (a run's words are part of its key already): much cheaper than encoding them
 * (measured: bench/HISTORY.md, postings digest).
 */
function postingsDigest(words: string[], postings: Postings): string {
  let size = 0;
  for (const w of words) size += 1 + 2 * postings.get(w)!.ids.length;
  const numbers = new Int32Array(size);
  let at = 0;
  for (const w of words) {
    const { ids, values } = postings.get(w)!;
    numbers[at++] = ids.length;
    numbers.set(ids, at);
    numbers.set(values, at + ids.length);
    at += 2 * ids.length;
  }
  return sha(new Uint8Array(numbers.buffer));
}

export interface BuiltIndex {
  files: Map<string, string>;
  manifestPath: string;
  manifest: SearchManifest;
  /** The manifest's shard listing spelled out (tests, benches). */
  shards: ReturnType<typeof shardList>;
}

export function buildSearchIndex(pages: SearchPageInput[], config: SiteConfig, options: IndexOptions = {}): BuiltIndex {
  const steps = searchIndexSteps(pages, config, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * `buildSearchIndex` in steps: it yields after each page's terms and each words shard, the
 * points where a caller running it on a busy thread may give the event loop a turn
 * (search-step.ts: a cold build's workers wait for their next tasks while this thread indexes).
 */
export function* searchIndexSteps(
  pages: SearchPageInput[],
  config: SiteConfig,
  options: IndexOptions = {},
): Generator<void, BuiltIndex> {
  const budget = options.budget ?? { words: WORDS_BUDGET, docs: DOCS_BUDGET };
  // Headings on many pages are indexed as prose: made once, for the records and the terms' keys.
  const repeatedSet = repeatedHeadings(pages);
  const records: Ided[] = searchRecords(pages, config, repeatedSet).map((r, id) => ({ ...r, id }));
  const files = new Map<string, string>();

  const keep = options.keep ?? computeNow;
  // A page's terms under its own key (standing for its texts) and the headings repeated site-wide
  // (which turn a page's heading into prose), or else under its texts: hashing every page's
  // texts cost a one-page-changed build (measured: bench/HISTORY.md, search terms key).
  const pageKeys = new Map(pages.flatMap((p) => (p.key ? [[p.route, p.key] as const] : [])));
  const repeated = pageKeys.size ? [...repeatedSet].sort().join('\n') : '';
  const entries: { id: number; terms: DocTerms }[] = [];
  for (const page of byPage(records)) {
    const key = pageKeys.get(page[0].route);
    // Without a memo (tests, benches) nothing reads the key: not made.
    const parts = key
      ? [key, repeated]
      : options.keep
        ? [JSON.stringify(page.map((r) => fields(r).map((f) => f.text)))]
        : [];
    const terms = keep('index-terms', parts, () => page.map((r) => docTerms(fields(r))));
    page.forEach((r, i) => entries.push({ id: r.id, terms: terms[i] }));
    yield;
  }
  const postings = collectPostings(entries);
  // The words shards hold words and stems (about a word's length each), their parts the posting lists.
  const keySize = (group: string[]) => group.reduce((n, w) => n + w.length + 6, 0);
  const postingsBudget = budget.postings ?? POSTINGS_BUDGET;
  const wordRuns: WordsRun[] = [];
  for (const run of pack(byKey(sortedWords(postings)), keySize, budget.words)) {
    const words = run.flat();
    wordRuns.push(
      keep('index-words', [words.join(' '), postingsDigest(words, postings), postingsBudget], () =>
        wordsShard(words, postings, postingsBudget),
      ),
    );
    yield;
  }
  const words = {
    from: wordRuns.map((r, n) => (n === 0 ? '' : r.from)),
    hashes: writeRuns(
      files,
      'words',
      wordRuns.map((r) => r.json),
    ),
  };
  shardList({ words, docs: { first: '', hashes: [] } }).words.forEach(({ url }, n) => {
    const { parts, hash } = wordRuns[n];
    parts.forEach((p, k) => files.set(partUrl(url, k, hash).slice(1), p.json));
  });

  const pageRuns = byPage(records);
  const docSize = (page: Ided[]) =>
    page.reduce((n, r) => n + r.doc.t.length + r.doc.h.length + 12, 0) +
    page[0].route.length +
    page[0].doc.b.join().length;
  const docRuns = pack(pageRuns, docSize, budget.docs).map((run) => {
    const list = run.flat();
    const shard: DocsShard = { version: SEARCH_INDEX_VERSION, kind: 'docs', first: list[0].id, docs: storedDocs(list) };
    return { json: JSON.stringify(shard), first: list[0].id };
  });
  const docs = {
    first: docRuns.map((r, n) => (r.first - (n ? docRuns[n - 1].first : 0)).toString(36)).join(','),
    hashes: writeRuns(
      files,
      'docs',
      docRuns.map((r) => r.json),
    ),
  };

  const contextStarts: [string, number][] = [];
  pageRuns.forEach((page, i) => {
    if (contextStarts.at(-1)?.[0] !== page[0].context) contextStarts.push([page[0].context, i]);
  });
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    languages: [...SEARCH_LANGUAGES],
    pages: pageRuns.map((p) => p.length.toString(36)).join(','),
    contextStarts,
    words,
    docs,
    synonyms: (options.synonyms ?? []).map((g) => g.words),
    contexts: config.search.contexts,
    labels: config.search.labels,
  };
  const manifestJson = JSON.stringify(manifest);
  const manifestPath = hashed('manifest', manifestJson);
  files.set(manifestPath, manifestJson);
  return { files, manifestPath, manifest, shards: shardList(manifest) };
}
