/**
 * The search index as a data format: what goes in which shard, content-hashed names,
 * the declared shapes, and splitting to the per-shard budget.
 */
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { searchManifest, searchShard } from '../../schema/search.ts';
import { expandDocs } from '../../reader/search/engine/shards.ts';
import { page, searchable, config } from './helpers.ts';

const pages = [
  page('/', 'Fixture home', { description: 'Home.', keywords: ['home'], sections: [['', '', 'The gateway accepts payments.'], ['integration-paths', 'Integration paths', 'Hosted page or host-to-host.']] }),
  page('/introduction', 'Introduction', { sections: [['', '', 'Every merchant has points.'], ['sandbox-and-production', 'Sandbox and production', 'The sandbox answers.', 'curl https://sandbox']] }),
  page('/api/v2/transaction/create', 'Create a transaction', { keywords: ['create'], sections: [['request-parameters', 'Request parameters', 'amount currency']] }),
  page('/services/pix', 'PIX', { description: 'Instant payments in Brazil.' }),
  page('/blog/news', 'News', { sections: [['', '', 'blogged words']] }),
];

describe('the search index', () => {
  const s = searchable(pages);

  it('writes a manifest, a titles shard and one body shard per search context, all content-hashed', () => {
    expect([...s.files.keys()].sort().map((f) => f.replace(/[0-9a-f]{12}/, 'HASH'))).toEqual([
      '_data/search/body-api-v2.HASH.json', '_data/search/body-general.HASH.json', '_data/search/body-methods.HASH.json',
      '_data/search/manifest.HASH.json', '_data/search/titles.HASH.json',
    ]);
    expect(searchManifest.parse(s.manifest)).toEqual(s.manifest);
    expect(s.manifest.shards.map((x) => [x.context, x.label, x.paths])).toEqual([
      ['api-v2', 'API v2', ['/api/v2/', '/request_format']], ['methods', 'Payment methods', ['/services/']], ['general', 'General', ['/', '/introduction']],
    ]);
    expect(s.manifest.labels).toEqual(config.search.labels);
    for (const [file, text] of s.files) if (!file.includes('manifest')) expect(searchShard.parse(JSON.parse(text)), file).toBeTruthy();
  });

  it('holds every page and h2/h3 heading as {u, h, t, s, b} — and nothing from a blog', () => {
    const titles = s.json(s.manifest.titles[0].url);
    const docs = expandDocs(titles.docs);
    expect(docs.map((d) => `${d.u}#${d.h}`)).toEqual([
      '/api/v2/transaction/create#', '/api/v2/transaction/create#request-parameters', '/services/pix#',
      '/#', '/#integration-paths', '/introduction#', '/introduction#sandbox-and-production',
    ]);
    expect(docs[1]).toEqual({ u: '/api/v2/transaction/create', h: 'request-parameters', t: 'Request parameters', s: 'Create a transaction', b: ['api', 'v2', 'transaction', 'create'] });
    // Stored compactly: a heading doc inherits u, s and b from its page's doc.
    expect(titles.docs[1]).toEqual({ h: 'request-parameters', t: 'Request parameters' });
    expect(JSON.stringify([...s.files.values()])).not.toContain('blogged');
  });

  it('indexes the site tagline with the home page, in the titles shard', () => {
    const titles = s.json(s.manifest.titles[0].url);
    const words = titles.index.records.map((r: { v: string }) => r.v);
    expect(words).toEqual(expect.arrayContaining(['документация', 'платежного', 'шлюза', 'мерчанта']));
    expect(s.routes('мерчант')).toEqual(['/']);
  });

  it('stores a prebuilt Fuse.js index over each shard\'s sorted words, with stems and posting lists', () => {
    const body = s.json(s.manifest.shards.find((x) => x.context === 'general')!.url);
    const words: string[] = body.index.records.map((r: { v: string }) => r.v);
    expect(words).toEqual([...words].sort());
    expect(body.index.keys).toEqual([]);
    expect(body.post).toHaveLength(words.length);
    expect(body.stems).toHaveLength(words.length);
    expect(words).toContain('curl'); // code counts, with its own field bit
  });

  it('keeps what a build of the same pages writes byte for byte (content hashes are stable)', () => {
    const again = searchable(pages);
    expect([...again.files.keys()]).toEqual([...s.files.keys()]);
  });

  it('splits a context over budget by sub-path, every shard within it, and still finds everything', () => {
    const many = Array.from({ length: 60 }, (_, i) => page(`/services/${['pix', 'upi', 'blik'][i % 3]}/m${i}`, `Method ${i}`, {
      sections: [['', '', `Method ${i} text with words w${i}a w${i}b w${i}c and settlement ${i * 7919}.`], ['limits', 'Limits', `limit${i} minimum maximum`]],
    }));
    const budget = 1500;
    const small = searchable(many, budget);
    const methods = small.manifest.shards.filter((x) => x.context === 'methods');
    expect(methods.length).toBeGreaterThan(1);
    expect(small.manifest.titles.length).toBeGreaterThan(1);
    for (const x of [...methods, ...small.manifest.titles]) expect(gzipSync(small.files.get(x.url.slice(1))!).length).toBeLessThanOrEqual(budget);
    expect(methods.map((x) => x.url)).toEqual(methods.map((_, i) => expect.stringMatching(new RegExp(`body-methods-${i + 1}\\.[0-9a-f]{12}\\.json$`))));
    expect(small.routes('w41b')).toEqual(['/services/blik/m41']);
    expect(small.routes('limit7')).toEqual(['/services/upi/m7']);
    expect(small.search('method 59')[0].route).toBe('/services/blik/m59');
  });
});
