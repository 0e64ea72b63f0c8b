/**
 * The search worker's logic, apart from the worker global so it can run anywhere
 * (worker.ts in the browser; the main thread as a fallback). Pagefind-style loading:
 * the shard manifest first, then the titles shard(s) — enough for suggestions — and
 * body shards only when a query needs them, each load a memoised promise.
 */
import type { BodyShard, SearchManifest, TitlesShard } from '../../schema/search.ts';
import { GENERAL } from '../../schema/search-codec.ts';
import { addBody, addTitles, createIndex, type LoadedShard, type SearchIndex } from './engine/shards.ts';
import { runQuery } from './engine/query.ts';
import type { SearchReply, SearchRequest } from './protocol.ts';

export type FetchJson = (url: string, fresh: boolean) => Promise<unknown>;

type ShardEntry = SearchManifest['shards'][number];

/** Content-hashed files never change; anything else (the dev server's manifest) is checked again. */
const immutable = (url: string) => /\.[0-9a-f]{12}\.json$/.test(url);

export function createSearchService(fetchJson: FetchJson, post: (reply: SearchReply) => void) {
  let manifestUrl: string | undefined;
  let manifestText = '';
  let ready: Promise<Loaded> | undefined;
  const bodies = new Map<string, Promise<LoadedShard>>();
  const latest = new Map<string, number>();

  /** The index once its first titles shard is in; `titles` settles when all of them are (one today). */
  interface Loaded { index: SearchIndex; titles: Promise<void>; allTitles: boolean }

  const load = (url: string): Promise<Loaded> => {
    post({ type: 'state', state: 'loading' });
    const promise = (async () => {
      const manifest = (await fetchJson(url, true)) as SearchManifest;
      manifestText = JSON.stringify(manifest);
      const index = createIndex(manifest);
      const loads = manifest.titles.map((t) => (fetchJson(t.url, false) as Promise<TitlesShard>).then((shard) => addTitles(index, shard)));
      // Suggestions start with the first titles shard in; a bigger site's others follow.
      await Promise.any(loads).catch((e: AggregateError) => { throw e.errors[0]; });
      const loaded: Loaded = { index, titles: Promise.all(loads).then(() => {}, () => {}), allTitles: false };
      void loaded.titles.then(() => { loaded.allTitles = true; });
      return loaded;
    })();
    promise.then(() => post({ type: 'state', state: 'done' }), (error: Error) => {
      post({ type: 'state', state: 'error', error: error.message });
      if (ready === promise) ready = undefined; // the next focus tries again
    });
    return promise;
  };

  /** A body shard, loaded once (memoised promise per URL; a failure is forgotten). */
  const body = (index: SearchIndex, url: string): Promise<LoadedShard> => {
    let promise = bodies.get(url);
    if (!promise) {
      promise = (fetchJson(url, false) as Promise<BodyShard>).then((shard) => { addBody(index, url, shard); return index.bodies.get(url)!; });
      promise.catch(() => bodies.delete(url));
      bodies.set(url, promise);
    }
    return promise;
  };

  async function init(url: string) {
    if (ready && url === manifestUrl && immutable(url)) return;
    if (ready && url === manifestUrl) {
      // Dev: the manifest keeps its name while the index is rebuilt after each save.
      const fresh = await fetchJson(url, true).catch(() => undefined);
      if (!fresh || JSON.stringify(fresh) === manifestText) return;
    }
    manifestUrl = url;
    bodies.clear();
    ready = load(url);
    await ready.catch(() => {});
  }

  /**
   * Runs a query on what is loaded, answers, and loads what it still needs, answering
   * again: /search needs every body shard in scope; the dropdown needs its context's
   * ('general' outside any) and, while it has fewer suggestions than it shows, the rest.
   */
  async function query(req: Extract<SearchRequest, { type: 'query' }>) {
    latest.set(req.channel, req.id);
    if (!ready) { if (!manifestUrl) return; ready = load(manifestUrl); }
    let loaded: Loaded;
    try { loaded = await ready; } catch { return; }
    const { index } = loaded;
    const inScope = (s: ShardEntry) => !req.scope || (s.context === req.scope.context) !== Boolean(req.scope.outside);
    const shards = index.manifest.shards.filter(inScope);
    const first = req.mode === 'suggest' ? shards.filter((s) => s.context === (req.prefer ?? GENERAL)) : shards;
    const missing = (list: ShardEntry[]) => list.filter((s) => !index.bodies.has(s.url));
    const loadAll = (list: ShardEntry[]) => Promise.all(missing(list).map((s) => body(index, s.url))).catch(() => {});
    /** Answers with what is loaded; true when nothing more will come. */
    const answer = (final = false): boolean => {
      if (latest.get(req.channel) !== req.id) return true; // a newer query is on its way
      const bodyShards = shards.map((s) => index.bodies.get(s.url)).filter((s): s is LoadedShard => Boolean(s));
      const pages = runQuery(index, [...index.titles, ...bodyShards], req.q, { limit: req.limit, prefer: req.prefer, scope: req.scope });
      const complete = final || (loaded.allTitles && !missing(first).length && (pages.length >= req.limit || !missing(shards).length));
      post({ type: 'results', id: req.id, q: req.q, pages, complete });
      return complete;
    };
    if (answer()) return;
    if (missing(first).length || !loaded.allTitles) { await Promise.all([loaded.titles, loadAll(first)]); if (answer()) return; }
    await loadAll(shards);
    answer(true);
  }

  return {
    handle(message: SearchRequest): Promise<void> {
      return message.type === 'init' ? init(message.manifest) : query(message);
    },
  };
}
