/**
 * Shards as the engine holds them: titles shards become the global doc list (the
 * full `{u, h, t, s, b}` restored) plus their vocabularies; body shards are a
 * vocabulary tagged with their context. Pure functions: the worker and the Node
 * bench load shards the same way.
 */
import type { BodyShard, SearchDoc, SearchManifest, StoredDoc, TitlesShard } from '../../../schema/search.ts';
import { SEARCH_INDEX_VERSION } from '../../../schema/versions.ts';
import { contextOf } from '../../../schema/search-codec.ts';
import { loadVocabulary, type Vocabulary } from './vocabulary.ts';

export interface LoadedShard {
  kind: 'titles' | 'body';
  /** Body shards: the search context of their pages. */
  context?: string;
  vocab: Vocabulary;
}

/** Everything a query needs: docs by global id, their contexts, and the loaded shards. */
export interface SearchIndex {
  manifest: SearchManifest;
  docs: SearchDoc[];
  /** Search context of each doc's page. */
  docContext: string[];
  titles: LoadedShard[];
  bodies: Map<string, LoadedShard>;
}

export class SearchIndexVersionError extends Error {
  constructor(found: unknown) {
    super(`The search index has version ${String(found)}, this reader reads version ${SEARCH_INDEX_VERSION}: the site and its index were built by different paydocs versions. Rebuild the site (paydocs build) so both match.`);
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
  return { manifest, docs: [], docContext: [], titles: [], bodies: new Map() };
}

/** Adds a titles shard's docs (at their global ids) and vocabulary. */
export function addTitles(index: SearchIndex, shard: TitlesShard): void {
  checkVersion(shard);
  const docs = expandDocs(shard.docs);
  docs.forEach((doc, i) => {
    index.docs[shard.first + i] = doc;
    index.docContext[shard.first + i] = contextOf(doc.u, index.manifest.contexts);
  });
  index.titles.push({ kind: 'titles', vocab: loadVocabulary(shard) });
}

/** Adds a body shard under its URL. */
export function addBody(index: SearchIndex, url: string, shard: BodyShard): void {
  checkVersion(shard);
  index.bodies.set(url, { kind: 'body', context: shard.context, vocab: loadVocabulary(shard) });
}
