/**
 * The reader's own search over a built site's index: the service its web worker runs
 * (search/engine/service.ts, over search/engine), fed from dist/ on disk instead of
 * fetch. Same index, same code, same options → the same pages in the same order as the
 * reader. Each shard is read once (the service memoises them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSearchService } from '../../search/engine/service.ts';
import type { PageResult, SearchReply, SearchScope } from '../../search/engine/protocol.ts';
import type { SearchManifest } from '../../search/format/index.ts';

export type { PageResult };

export interface SiteSearch {
  /** The site's search contexts (the /search page's `ctx`): id and label. */
  contexts: { id: string; label: string }[];
  query(q: string, options: { limit: number; scope?: SearchScope }): Promise<PageResult[]>;
}

export async function createSiteSearch(dist: string, manifestUrl: string): Promise<SiteSearch> {
  // Read at once, as site.ts reads a page's files: shards are a few KB each.
  const read = async (url: string) => JSON.parse(readFileSync(path.join(dist, url.replace(/^\//, '')), 'utf8'));
  const manifest = (await read(manifestUrl)) as SearchManifest;
  const waiting = new Map<number, { resolve: (pages: PageResult[]) => void; reject: (error: Error) => void }>();
  const receive = (reply: SearchReply) => {
    if (reply.type === 'results') {
      waiting.get(reply.id)?.resolve(reply.pages);
      waiting.delete(reply.id);
    } else if (reply.state === 'error') {
      for (const w of waiting.values()) w.reject(new Error(`the search index could not be read: ${reply.error}`));
      waiting.clear();
    }
  };
  const service = createSearchService(async (url) => (url === manifestUrl ? manifest : read(url)), receive);
  await service.handle({ type: 'init', manifest: manifestUrl });
  let next = 0;
  return {
    contexts: manifest.contexts.map(({ id, label }) => ({ id, label })),
    async query(q, { limit, scope }) {
      const id = ++next;
      const answer = new Promise<PageResult[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
      // A channel per query: queries asked at once never make each other stale.
      await service.handle({ type: 'query', id, q, channel: `mcp-${id}`, mode: 'full', limit, scope });
      if (waiting.delete(id)) throw new Error('the search service gave no answer');
      return answer;
    },
  };
}
