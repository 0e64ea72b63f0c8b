/**
 * The search worker's logic (reader/search/service.ts) with an in-memory fetch:
 * what it loads when, memoised shard loads, loading → done, stale queries, the
 * version handshake, and a dev index that changes under the same name.
 */
import { describe, expect, it } from 'vitest';
import { createSearchService } from '../../reader/search/service.ts';
import type { SearchReply, SearchRequest } from '../../reader/search/protocol.ts';
import { page, searchable } from './helpers.ts';

const site = searchable([
  page('/', 'Home', { sections: [['', '', 'Welcome to the gateway.']] }),
  page('/api/v2/transaction/create', 'Create a transaction', { sections: [['errors', 'Errors', 'A bad signature is refused.']] }),
  page('/services/pix', 'PIX', { sections: [['refunds', 'Refunds', 'Refunds reach the payer in minutes; the signature check applies.']] }),
]);

function harness(files: Map<string, string> = site.files) {
  const fetched: string[] = [];
  const replies: SearchReply[] = [];
  const service = createSearchService(async (url) => {
    fetched.push(url.replace(/\.[0-9a-f]{12}\.json$/, ''));
    const text = files.get(url.slice(1));
    if (!text) throw new Error(`404 ${url}`);
    return JSON.parse(text);
  }, (r) => replies.push(r));
  let id = 0;
  const query = (q: string, more: Partial<Extract<SearchRequest, { type: 'query' }>> = {}) =>
    service.handle({ type: 'query', id: ++id, channel: 'box', q, mode: 'suggest', limit: 8, ...more });
  return { service, fetched, replies, query, results: () => replies.filter((r): r is Extract<SearchReply, { type: 'results' }> => r.type === 'results') };
}

describe('the search worker', () => {
  it('loads the manifest and the titles shard first (loading → done), body shards only when a query needs them', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    expect(h.replies).toEqual([{ type: 'state', state: 'loading' }, { type: 'state', state: 'done' }]);
    expect(h.fetched).toEqual(['/_data/search/manifest', '/_data/search/titles']);

    // Enough suggestions from the page's context: no other body shard is loaded.
    await h.query('signature', { prefer: 'api-v2', limit: 1 });
    expect(h.fetched.slice(2)).toEqual(['/_data/search/body-api-v2']);
    // First the instant answer from the titles shard, then the complete one.
    expect(h.results().map((r) => [r.complete, r.pages.map((p) => p.route)])).toEqual([[false, []], [true, ['/api/v2/transaction/create']]]);
  });

  it('lets the dropdown load the other contexts\' shards while it has fewer suggestions than it shows', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await h.query('signature', { prefer: 'api-v2', limit: 8 });
    expect(h.fetched.slice(2).sort()).toEqual(['/_data/search/body-api-v2', '/_data/search/body-general', '/_data/search/body-methods']);
    expect(h.results().map((r) => [r.complete, r.pages.map((p) => p.route)])).toEqual([
      [false, []], [false, ['/api/v2/transaction/create']], [true, ['/api/v2/transaction/create', '/services/pix']],
    ]);
  });

  it('loads each shard once (a memoised promise per shard), however many queries ask for it', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await Promise.all([h.query('signature', { mode: 'full', channel: 'a' }), h.query('refunds', { mode: 'full', channel: 'b' }), h.query('welcome', { mode: 'full', channel: 'c' })]);
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    expect(h.fetched.sort()).toEqual(['/_data/search/body-api-v2', '/_data/search/body-general', '/_data/search/body-methods', '/_data/search/manifest', '/_data/search/titles']);
    const last = h.results().filter((r) => r.complete);
    expect(last.map((r) => r.pages.map((p) => p.route))).toEqual([['/api/v2/transaction/create', '/services/pix'], ['/services/pix', '/api/v2/transaction/create' /* 'refused', two typos */], ['/']]);
  });

  it('starts suggesting with the first titles shard in when a big site has several', async () => {
    const many = Array.from({ length: 40 }, (_, i) => page(`/services/m${String(i).padStart(2, '0')}`, `Method ${i} payout`));
    const big = searchable(many, 1200);
    expect(big.manifest.titles.length).toBeGreaterThan(1);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const last = big.manifest.titles.at(-1)!.url;
    const replies: SearchReply[] = [];
    const service = createSearchService(async (url) => {
      if (url === last) await held;
      return JSON.parse(big.files.get(url.slice(1))!);
    }, (r) => replies.push(r));
    await service.handle({ type: 'init', manifest: `/${big.manifestPath}` });
    expect(replies.at(-1)).toEqual({ type: 'state', state: 'done' });
    const asked = service.handle({ type: 'query', id: 1, channel: 'box', q: 'payout', mode: 'full', limit: 50 });
    await new Promise((r) => setTimeout(r, 10));
    const partial = replies.filter((r) => r.type === 'results');
    expect(partial).toHaveLength(1);
    expect(partial[0]).toMatchObject({ complete: false });
    release();
    await asked;
    const answers = replies.filter((r): r is Extract<SearchReply, { type: 'results' }> => r.type === 'results');
    expect(answers.at(-1)).toMatchObject({ complete: true });
    expect(answers.at(-1)!.pages).toHaveLength(40);
    expect((answers[0] as { pages: unknown[] }).pages.length).toBeLessThan(40);
  });

  it('scopes /search to a context or outside it, loading only those shards', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await h.query('signature', { mode: 'full', scope: { context: 'methods', outside: true } });
    expect(h.fetched).not.toContain('/_data/search/body-methods');
    expect(h.results().at(-1)!.pages.map((p) => p.route)).toEqual(['/api/v2/transaction/create']);
  });

  it('drops a query when a newer one of the same channel arrives', async () => {
    const h = harness();
    void h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    const first = h.query('sig');
    const second = h.query('signature');
    await Promise.all([first, second]);
    expect(new Set(h.results().map((r) => r.q))).toEqual(new Set(['signature']));
    expect(h.results().at(-1)!.complete).toBe(true);
  });

  it('answers before init with nothing, and reports a manifest of another index version with the fix', async () => {
    const h = harness();
    await h.query('x');
    expect(h.replies).toEqual([]);
    const files = new Map(site.files);
    files.set(site.manifestPath, JSON.stringify({ ...site.manifest, version: 99 }));
    const v = harness(files);
    await v.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    expect(v.replies.at(-1)).toMatchObject({ type: 'state', state: 'error', error: expect.stringContaining('Rebuild the site (paydocs build)') });
  });

  it('re-reads a manifest without a content hash (paydocs dev) and picks up a re-indexed page', async () => {
    const files = new Map(site.files);
    files.set('_data/search/dev-manifest.json', files.get(site.manifestPath)!);
    const h = harness(files);
    await h.service.handle({ type: 'init', manifest: '/_data/search/dev-manifest.json' });
    await h.query('zanzibar', { mode: 'full' });
    expect(h.results().at(-1)!.pages).toEqual([]);

    const edited = searchable([page('/', 'Home'), page('/services/pix', 'PIX', { sections: [['', '', 'Now in Zanzibar.']] })]);
    for (const [k, v] of edited.files) files.set(k, v);
    files.set('_data/search/dev-manifest.json', edited.files.get(edited.manifestPath)!);
    await h.service.handle({ type: 'init', manifest: '/_data/search/dev-manifest.json' });
    await h.query('zanzibar', { mode: 'full' });
    expect(h.results().at(-1)!.pages.map((p) => p.route)).toEqual(['/services/pix']);
  });
});
