/**
 * The search worker's logic, apart from the worker global so it can run anywhere (worker.ts
 * in the browser; the main thread as a fallback). Pagefind-style loading: the manifest
 * first; then, per query, the words shards its words need (by key), the postings parts of
 * the words they matched, and the docs shards of the pages it returns — each load a
 * memoised promise. What a query loads is a function of the query and the index, so it
 * answers the same typed, pasted or warm: one complete answer, once what it needs is in.
 */
import type { DocsShard, PostingsShard, SearchManifest, WordsShard } from '../format/index.ts';
import {
  addDocs,
  addPostings,
  addWords,
  advance,
  createIndex,
  docsNeeded,
  lookup,
  partsNeeded,
  partUrlOf,
  present,
  ranked,
  wordsNeeded,
  type PartRef,
  type SearchIndex,
} from './index.ts';
import type { SearchReply, SearchRequest } from './protocol.ts';

export type FetchJson = (url: string, fresh: boolean) => Promise<unknown>;

/** Content-hashed files never change; anything else (the dev server's manifest) is checked again. */
const immutable = (url: string) => /\.[0-9a-f]{12}\.json$/.test(url);

export function createSearchService(fetchJson: FetchJson, post: (reply: SearchReply) => void) {
  let manifestUrl: string | undefined;
  let manifestText = '';
  let ready: Promise<SearchIndex> | undefined;
  const shards = new Map<string, Promise<void>>();
  const latest = new Map<string, number>();

  const load = (url: string): Promise<SearchIndex> => {
    post({ type: 'state', state: 'loading' });
    const promise = (async () => {
      const manifest = (await fetchJson(url, true)) as SearchManifest;
      manifestText = JSON.stringify(manifest);
      return createIndex(manifest);
    })();
    promise.then(
      () => post({ type: 'state', state: 'done' }),
      (error: Error) => {
        post({ type: 'state', state: 'error', error: error.message });
        if (ready === promise) ready = undefined; // the next focus tries again
      },
    );
    return promise;
  };

  /** A shard, loaded once (memoised promise per URL; a failure is forgotten). */
  const shard = (url: string, add: (json: unknown) => void): Promise<void> => {
    let promise = shards.get(url);
    if (!promise) {
      promise = fetchJson(url, false).then(add);
      promise.catch(() => shards.delete(url));
      shards.set(url, promise);
    }
    return promise;
  };
  const words = (index: SearchIndex, list: number[]) =>
    Promise.all(list.map((n) => shard(index.shards.words[n].url, (json) => addWords(index, n, json as WordsShard))));
  const postings = (index: SearchIndex, list: PartRef[]) =>
    Promise.all(
      list.map((part) => shard(partUrlOf(index, part), (json) => addPostings(index, part, json as PostingsShard))),
    );
  const docs = (index: SearchIndex, list: number[]) =>
    Promise.all(list.map((n) => shard(index.shards.docs[n].url, (json) => addDocs(index, json as DocsShard))));

  async function init(url: string) {
    if (ready && url === manifestUrl && immutable(url)) return;
    if (ready && url === manifestUrl) {
      // Dev: the manifest keeps its name while the index is rebuilt after each save.
      const fresh = await fetchJson(url, true).catch(() => undefined);
      if (!fresh || JSON.stringify(fresh) === manifestText) return;
    }
    manifestUrl = url;
    shards.clear();
    ready = load(url);
    await ready.catch(() => {});
  }

  /**
   * Loads the words shards the query needs; ranks in rounds, each after loading the postings
   * parts of the words it matched (exact, stem, prefix; then typos, when needed); loads the
   * docs of the pages it returns; answers.
   */
  async function query(req: Extract<SearchRequest, { type: 'query' }>) {
    latest.set(req.channel, req.id);
    if (!ready) {
      if (!manifestUrl) return;
      ready = load(manifestUrl);
    }
    const stale = () => latest.get(req.channel) !== req.id;
    try {
      const index = await ready;
      // A key typed while the index loaded supersedes this query: start none of its loads.
      if (stale()) return;
      await words(index, wordsNeeded(index, req.q));
      if (stale()) return;
      const l = lookup(index, req.q, { limit: req.limit, prefer: req.prefer, scope: req.scope });
      do {
        await postings(index, partsNeeded(l));
        if (stale()) return;
      } while (!advance(index, l));
      const pages = ranked(index, l);
      await docs(index, docsNeeded(index, pages));
      if (stale()) return;
      post({ type: 'results', id: req.id, q: req.q, pages: present(index, pages), complete: true });
    } catch (error) {
      // The manifest's failure was reported by `load`; a shard's is reported here (the next query tries again).
      if (ready && !stale())
        await ready.then(
          () => post({ type: 'state', state: 'error', error: (error as Error).message }),
          () => {},
        );
    } finally {
      // A channel ends with its last query (an older one still running finds itself stale), so channels
      // made per query (paydocs mcp's) are not kept for the life of the service.
      if (latest.get(req.channel) === req.id) latest.delete(req.channel);
    }
  }

  return {
    handle(message: SearchRequest): Promise<void> {
      return message.type === 'init' ? init(message.manifest) : query(message);
    },
  };
}
