/**
 * The search worker (bundled as its own content-hashed entry, started by client.ts):
 * fuse.js over the index shards, off the main thread. A file of its own under the
 * strict CSP (`worker-src 'self'`): no blob: or inline worker.
 */
import { createSearchService } from '../../search/engine/service.ts';
import type { SearchReply, SearchRequest } from '../../search/engine/protocol.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<SearchRequest>) => void) | null;
  postMessage(reply: SearchReply): void;
};

const service = createSearchService(
  async (url, fresh) => {
    const res = await fetch(url, { cache: fresh ? 'no-cache' : 'default' });
    if (!res.ok) throw new Error(`The search index could not be loaded: ${url} answered HTTP ${res.status}.`);
    return res.json();
  },
  (reply) => scope.postMessage(reply),
);

scope.onmessage = (e) => {
  void service.handle(e.data);
};
