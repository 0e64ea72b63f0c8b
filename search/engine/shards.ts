/**
 * The index as the engine holds it: from the manifest, the pages (each page's docs are
 * a run of doc ids, its own first) and their contexts; then, as queries need them, words
 * shards (a vocabulary each) and docs shards (the full `{u, h, t, s, b}` restored).
 * Pure functions: the worker, the tests and the Node bench load shards the same way.
 */
import type { DocsShard, PostingsShard, SearchDoc, SearchManifest, StoredDoc, WordsShard } from '../format/schema.ts';
import { SEARCH_INDEX_VERSION } from '../../schema/versions.ts';
import { partUrl, shardList, shardOfKey, wordKey } from '../format/codec.ts';
import { loadVocabulary, type Vocabulary } from './vocabulary.ts';
import { synonymTable, type SynonymTable } from './synonyms.ts';

/** Everything a query needs: pages and contexts by doc id, and the loaded shards. */
export interface SearchIndex {
  manifest: SearchManifest;
  /** Page index of each doc id. */
  pageOf: Int32Array;
  /** First doc id of each page (its own doc). */
  pageFirst: number[];
  /** Search context of each page. */
  pageContext: string[];
  /** Loaded words shards by position in `manifest.words`. */
  words: Map<number, Vocabulary>;
  /** Loaded docs by doc id. */
  docs: (SearchDoc | undefined)[];
  /** First key of each words shard. */
  froms: string[];
  /** First doc id of each docs shard. */
  docFirsts: number[];
  /** The manifest's words and docs shards: URL, and first key or first doc id. */
  shards: ReturnType<typeof shardList>;
  /** Synonyms by word and stem. */
  synonyms: SynonymTable;
}

export class SearchIndexVersionError extends Error {
  constructor(found: unknown) {
    super(
      `The search index has version ${String(found)}, this reader reads version ` +
        `${SEARCH_INDEX_VERSION}: the site and its index were built by ` +
        'different paydocs versions. Rebuild the site (paydocs build) so both match.',
    );
  }
}

export function checkVersion(json: { version?: unknown }): void {
  if (json.version !== SEARCH_INDEX_VERSION) throw new SearchIndexVersionError(json.version);
}

/** Restores `{u, h, t, s, b}`: a page doc's `s` is its title; a heading doc takes u, s, b from its page. */
export function expandDocs(stored: StoredDoc[]): SearchDoc[] {
  const out: SearchDoc[] = [];
  let page: SearchDoc | undefined;
  for (const d of stored) {
    if (d.u !== undefined) {
      const doc = { u: d.u, h: d.h, t: d.t, s: d.s ?? d.t, b: d.b ?? [] };
      if (!d.h) page = doc;
      out.push(doc);
    } else {
      out.push({ u: page?.u ?? '/', h: d.h, t: d.t, s: page?.t ?? '', b: page?.b ?? [] });
    }
  }
  return out;
}

export function createIndex(manifest: SearchManifest): SearchIndex {
  checkVersion(manifest);
  const counts = manifest.pages ? manifest.pages.split(',').map((c) => parseInt(c, 36)) : [];
  const total = counts.reduce((a, b) => a + b, 0);
  const pageOf = new Int32Array(total);
  const pageFirst: number[] = [];
  const pageContext: string[] = [];
  let id = 0,
    start = 0;
  counts.forEach((n, p) => {
    pageFirst.push(id);
    pageOf.fill(p, id, id + n);
    id += n;
    if (start + 1 < manifest.contextStarts.length && manifest.contextStarts[start + 1][1] <= p) start++;
    pageContext.push(manifest.contextStarts[start]?.[0] ?? '');
  });
  const shards = shardList(manifest);
  return {
    manifest,
    pageOf,
    pageFirst,
    pageContext,
    words: new Map(),
    docs: new Array(total),
    froms: manifest.words.from,
    docFirsts: shards.docs.map((d) => d.first),
    shards,
    synonyms: synonymTable(manifest.synonyms ?? []),
  };
}

/** The words shard holding a word's key. */
export const wordsShardOf = (index: SearchIndex, word: string) => Math.max(0, shardOfKey(index.froms, wordKey(word)));

/** The docs shard holding a doc id. */
export const docsShardOf = (index: SearchIndex, id: number): number => shardOfKey(index.docFirsts, id);

export function addWords(index: SearchIndex, n: number, shard: WordsShard): void {
  checkVersion(shard);
  index.words.set(n, loadVocabulary(shard));
}

/** A part of a words shard's posting lists: words shard `n`, part `k` (from 0). */
export interface PartRef {
  n: number;
  k: number;
}

export const partUrlOf = (index: SearchIndex, { n, k }: PartRef) =>
  partUrl(index.shards.words[n].url, k, index.words.get(n)!.parts.hash);

export function addPostings(index: SearchIndex, { n, k }: PartRef, shard: PostingsShard): void {
  checkVersion(shard);
  const vocab = index.words.get(n)!;
  shard.post.forEach((p, i) => {
    vocab.post[vocab.parts.at[k] + i] = p;
  });
}

export function addDocs(index: SearchIndex, shard: DocsShard): void {
  checkVersion(shard);
  expandDocs(shard.docs).forEach((doc, i) => {
    index.docs[shard.first + i] = doc;
  });
}
