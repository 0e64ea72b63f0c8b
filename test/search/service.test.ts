/**
 * The search worker's logic (search/engine/service.ts) with an in-memory fetch:
 * what it loads when (what the query needs, whatever came before), memoised shard
 * loads, loading → done, stale queries, the version handshake, and a dev index that
 * changes under the same name.
 */
import { describe, expect, it } from 'vitest';
import { createSearchService } from '../../search/engine/service.ts';
import type { SearchReply, SearchRequest } from '../../search/engine/protocol.ts';
import { page, searchable } from './helpers.ts';

const site = searchable(
  [
    page('/', 'Home', { sections: [['', '', 'Welcome to the gateway.']] }),
    page('/api/v2/transaction/create', 'Create a transaction', {
      sections: [['errors', 'Errors', 'A bad signature is refused.']],
    }),
    page('/services/pix', 'PIX', {
      sections: [['refunds', 'Refunds', 'Refunds reach the payer in minutes; the signature check applies.']],
    }),
  ],
  { words: 40, docs: 40 },
);
/** The words shard of a word's key, and the docs shard of a route, as the fetch log names them. */
const lastAtMost = <T>(list: T[], ok: (x: T) => boolean) => list.reduce((found, x, i) => (ok(x) ? i : found), -1);
const wordsOf = (word: string) =>
  site.shards.words[lastAtMost(site.shards.words, (w) => w.from <= word.slice(0, 2))].url.replace(
    /\.[0-9a-f]{12}\.json$/,
    '',
  );
const docsOf = (route: string) => {
  const id =
    site.index.pageFirst[
      site.index.docs.findIndex((d) => d?.u === route && d.h === '') >= 0
        ? site.index.pageOf[site.index.docs.findIndex((d) => d?.u === route && d.h === '')]
        : 0
    ];
  return site.shards.docs[lastAtMost(site.shards.docs, (d) => d.first <= id)].url.replace(/\.[0-9a-f]{12}\.json$/, '');
};

function harness(files: Map<string, string> = site.files) {
  const fetched: string[] = [];
  const replies: SearchReply[] = [];
  const service = createSearchService(
    async (url) => {
      fetched.push(url.replace(/\.[0-9a-f]{12}\.json$/, ''));
      const text = files.get(url.slice(1));
      if (!text) throw new Error(`404 ${url}`);
      return JSON.parse(text);
    },
    (r) => replies.push(r),
  );
  let id = 0;
  const query = (q: string, more: Partial<Extract<SearchRequest, { type: 'query' }>> = {}) =>
    service.handle({ type: 'query', id: ++id, channel: 'box', q, mode: 'suggest', limit: 8, ...more });
  return {
    service,
    fetched,
    replies,
    query,
    results: () => replies.filter((r): r is Extract<SearchReply, { type: 'results' }> => r.type === 'results'),
  };
}

describe('the search worker', () => {
  it("loads the manifest (loading → done), then each word's shard, matched postings, returned docs", async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    expect(h.replies).toEqual([
      { type: 'state', state: 'loading' },
      { type: 'state', state: 'done' },
    ]);
    expect(h.fetched).toEqual(['/_data/search/manifest']);
    expect(site.shards.words.length).toBeGreaterThan(3);

    await h.query('signature');
    // The shards here are small: each words shard's posting lists fit one part.
    expect(h.fetched.slice(1)).toEqual([
      wordsOf('signature'),
      `${wordsOf('signature').replace('words-', 'post-')}-1`,
      ...new Set([docsOf('/api/v2/transaction/create'), docsOf('/services/pix')]),
    ]);
    // One complete answer.
    expect(h.results().map((r) => [r.complete, r.pages.map((p) => p.route)])).toEqual([
      [true, ['/api/v2/transaction/create', '/services/pix']],
    ]);
  });

  it("loads postings of the words a query matched only; typo matches' in a second round if too few", async () => {
    // One posting list per part: what is fetched names the words.
    const tiny = searchable(
      [
        page('/a', 'Signature checks', { sections: [['', '', 'A signed request; the signal and the sigma.']] }),
        page('/b', 'Signing', { sections: [['', '', 'Signature keys and signatures.']] }),
      ],
      { words: 40, docs: 40, postings: 1 },
    );
    const h = harness(tiny.files);
    await h.service.handle({ type: 'init', manifest: `/${tiny.manifestPath}` });
    const parts = () => h.fetched.filter((f) => f.includes('/post-'));
    await h.query('signature', { limit: 1 });
    // signature, signatures (same stem): two lists; no typo round, since a page matches without typos.
    expect(parts()).toHaveLength(2);
    await h.query('signatuer', { limit: 1 });
    // No word starts with "signatuer": the typo round loads its typo matches' lists (signature, signatures).
    expect(
      h
        .results()
        .at(-1)!
        .pages.map((p) => p.route),
    ).toEqual(['/a']);
    expect(parts()).toHaveLength(2);
    await h.query('sigma', { limit: 8 });
    // Too few pages without typos: the typo round adds "signal" (1 typo from "sigma"'s 5 letters).
    expect(parts()).toHaveLength(4);
  });

  it('answers the same, whatever was loaded before: typed, pasted or warm', async () => {
    const answer = async (h: ReturnType<typeof harness>, q: string) => {
      await h.query(q);
      return h
        .results()
        .at(-1)!
        .pages.map((p) => p.route);
    };
    const pasted = harness();
    await pasted.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    const typed = harness();
    await typed.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    for (const q of ['r', 're', 'ref', 'refu', 'refun', 'refund', 'refund ', 'refund s', 'refund si', 'refund sig'])
      await answer(typed, q);
    const warm = harness();
    await warm.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    for (const q of ['welcome', 'signature', 'refunds pix', 'gateway']) await answer(warm, q);
    const expected = await answer(pasted, 'refund sig');
    expect(expected).toEqual(['/services/pix', '/api/v2/transaction/create']);
    expect(await answer(typed, 'refund sig')).toEqual(expected);
    expect(await answer(warm, 'refund sig')).toEqual(expected);
  });

  it('loads each shard once (a memoised promise per shard), however many queries ask for it', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await Promise.all([
      h.query('signature', { mode: 'full', channel: 'a' }),
      h.query('signature check', { mode: 'full', channel: 'b' }),
      h.query('signature', { mode: 'full', channel: 'c' }),
    ]);
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    expect(h.fetched.length).toBe(new Set(h.fetched).size);
    expect(
      h
        .results()
        .sort((x, y) => x.id - y.id)
        .map((r) => r.pages.map((p) => p.route)),
    ).toEqual([
      ['/api/v2/transaction/create', '/services/pix'],
      ['/services/pix', '/api/v2/transaction/create'],
      ['/api/v2/transaction/create', '/services/pix'],
    ]);
  });

  it('scopes /search to a context or outside it', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await h.query('signature', { mode: 'full', scope: { context: 'methods', outside: true } });
    expect(
      h
        .results()
        .at(-1)!
        .pages.map((p) => p.route),
    ).toEqual(['/api/v2/transaction/create']);
    await h.query('signature', { mode: 'full', scope: { context: 'methods' } });
    expect(
      h
        .results()
        .at(-1)!
        .pages.map((p) => p.route),
    ).toEqual(['/services/pix']);
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

  it('starts no load for a query superseded before the index was ready: fetches what the newest does', async () => {
    const typed = harness();
    void typed.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await Promise.all(['s', 'si', 'sig', 'signature'].map((q) => typed.query(q)));
    const pasted = harness();
    void pasted.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await pasted.query('signature');
    expect(typed.results().map((r) => r.q)).toEqual(['signature']);
    expect(typed.fetched).toEqual(pasted.fetched);
  });

  it('asks nothing for a single letter (the first key typed): no shard loads, an empty complete answer', async () => {
    const h = harness();
    await h.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    await h.query('s');
    expect(h.fetched).toEqual(['/_data/search/manifest']);
    expect(h.results()).toMatchObject([{ q: 's', pages: [], complete: true }]);
  });

  it('answers before init with nothing, and reports a manifest of another index version with the fix', async () => {
    const h = harness();
    await h.query('x');
    expect(h.replies).toEqual([]);
    const files = new Map(site.files);
    files.set(site.manifestPath, JSON.stringify({ ...site.manifest, version: 99 }));
    const v = harness(files);
    await v.service.handle({ type: 'init', manifest: `/${site.manifestPath}` });
    expect(v.replies.at(-1)).toMatchObject({
      type: 'state',
      state: 'error',
      error: expect.stringContaining('Rebuild the site (paydocs build)'),
    });
  });

  it('re-reads a manifest without a content hash (paydocs dev) and picks up a re-indexed page', async () => {
    const files = new Map(site.files);
    files.set('_data/search/dev-manifest.json', files.get(site.manifestPath)!);
    const h = harness(files);
    await h.service.handle({ type: 'init', manifest: '/_data/search/dev-manifest.json' });
    await h.query('zanzibar', { mode: 'full' });
    expect(h.results().at(-1)!.pages).toEqual([]);

    const edited = searchable([
      page('/', 'Home'),
      page('/services/pix', 'PIX', { sections: [['', '', 'Now in Zanzibar.']] }),
    ]);
    for (const [k, v] of edited.files) files.set(k, v);
    files.set('_data/search/dev-manifest.json', edited.files.get(edited.manifestPath)!);
    await h.service.handle({ type: 'init', manifest: '/_data/search/dev-manifest.json' });
    await h.query('zanzibar', { mode: 'full' });
    expect(
      h
        .results()
        .at(-1)!
        .pages.map((p) => p.route),
    ).toEqual(['/services/pix']);
  });
});
