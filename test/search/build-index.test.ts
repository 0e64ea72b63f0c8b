/**
 * The search index as a data format: what goes in which shard, content-hashed names,
 * the declared shapes, and splitting to the per-shard budget.
 */
import { describe, expect, it } from 'vitest';
import { searchManifest, searchShard } from '../../search/format/schema.ts';
import { expandDocs } from '../../search/engine/shards.ts';
import { page, searchable, config } from './helpers.ts';
import { collectPostings, docTerms, COMMON_WORD_DOCS } from '../../search/index/vocabulary.ts';
import { FIELD, partUrl } from '../../search/format/codec.ts';

const pages = [
  page('/', 'Fixture home', {
    description: 'Home.',
    keywords: ['home'],
    sections: [
      ['', '', 'The gateway accepts payments.'],
      ['integration-paths', 'Integration paths', 'Hosted page or host-to-host.'],
    ],
  }),
  page('/introduction', 'Introduction', {
    sections: [
      ['', '', 'Every merchant has points.'],
      ['sandbox-and-production', 'Sandbox and production', 'The sandbox answers.', 'curl https://sandbox'],
    ],
  }),
  page('/api/v2/transaction/create', 'Create a transaction', {
    keywords: ['create'],
    sections: [['request-parameters', 'Request parameters', 'amount currency']],
  }),
  page('/services/pix', 'PIX', { description: 'Instant payments in Brazil.' }),
  page('/blog/news', 'News', { sections: [['', '', 'blogged words']] }),
];

describe('the search index', () => {
  const s = searchable(pages);

  it('writes a manifest, words shards, postings parts and docs shards, content-hashed, declared shapes', () => {
    expect([...s.files.keys()].sort().map((f) => f.replace(/[0-9a-f]{12}/, 'HASH'))).toEqual([
      '_data/search/docs-1.HASH.json',
      '_data/search/manifest.HASH.json',
      '_data/search/post-1-1.HASH.json',
      '_data/search/words-1.HASH.json',
    ]);
    expect(searchManifest.parse(s.manifest)).toEqual(s.manifest);
    expect(s.manifest.labels).toEqual(config.search.labels);
    // Pages in context order: api-v2, methods, then general; each page's doc count.
    expect(s.manifest.contextStarts).toEqual([
      ['api-v2', 0],
      ['methods', 1],
      ['general', 2],
    ]);
    expect(s.manifest.pages).toBe('2,1,2,2');
    for (const [file, text] of s.files)
      if (!file.includes('manifest')) expect(searchShard.parse(JSON.parse(text)), file).toBeTruthy();
  });

  it('holds every page and h2/h3 heading as {u, h, t, s, b} — and nothing from a blog', () => {
    const shard = s.json(s.shards.docs[0].url);
    const docs = expandDocs(shard.docs);
    expect(docs.map((d) => `${d.u}#${d.h}`)).toEqual([
      '/api/v2/transaction/create#',
      '/api/v2/transaction/create#request-parameters',
      '/services/pix#',
      '/#',
      '/#integration-paths',
      '/introduction#',
      '/introduction#sandbox-and-production',
    ]);
    expect(docs[1]).toEqual({
      u: '/api/v2/transaction/create',
      h: 'request-parameters',
      t: 'Request parameters',
      s: 'Create a transaction',
      b: ['api', 'v2', 'transaction', 'create'],
    });
    // Stored compactly: a heading doc inherits u, s and b from its page's doc.
    expect(shard.docs[1]).toEqual({ h: 'request-parameters', t: 'Request parameters' });
    expect(JSON.stringify([...s.files.values()])).not.toContain('blogged');
  });

  it('indexes the site tagline with the home page', () => {
    const words = s.json(s.shards.words[0].url).words;
    expect(words).toEqual(expect.arrayContaining(['документация', 'платежного', 'шлюза', 'мерчанта']));
    expect(s.routes('мерчант')).toEqual(['/']);
  });

  it('stores the sorted words of every field with stems, and their posting lists in parts', () => {
    const shard = s.json(s.shards.words[0].url);
    const words: string[] = shard.words;
    expect(words).toEqual([...words].sort());
    expect(shard.stems).toHaveLength(words.length);
    expect(shard.parts.at).toEqual([0]);
    expect(s.json(partUrl(s.shards.words[0].url, 0, shard.parts.hash)).post).toHaveLength(words.length);
    expect(words).toEqual(expect.arrayContaining(['curl', 'sandbox', 'brazil'])); // code, headings and descriptions too
  });

  it('keeps what a build of the same pages writes byte for byte (content hashes are stable)', () => {
    const again = searchable(pages);
    expect([...again.files.keys()]).toEqual([...s.files.keys()]);
  });

  it('cuts words between two-letter keys and docs between pages, and still finds everything', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      page(`/services/${['pix', 'upi', 'blik'][i % 3]}/m${i}`, `Method ${i}`, {
        sections: [
          ['', '', `Method ${i} text with words w${i}a w${i}b w${i}c and settlement ${i * 7919}.`],
          ['limits', 'Limits', `limit${i} minimum maximum`],
        ],
      }),
    );
    const small = searchable(many, { words: 300, docs: 300, postings: 200 });
    expect(small.shards.words.length).toBeGreaterThan(5);
    expect(small.shards.docs.length).toBeGreaterThan(5);
    const keys = small.shards.words.flatMap((w, n) =>
      (JSON.parse(small.files.get(w.url.slice(1))!).words as string[]).map((x) => [x.slice(0, 2), n] as const),
    );
    // A key lives in one shard only, and a shard starts at its `from` key.
    for (const [key, n] of keys)
      expect(
        keys.filter(([k]) => k === key).every(([, m]) => m === n),
        key,
      ).toBe(true);
    small.shards.words.slice(1).forEach((w, i) => expect(keys.find(([, n]) => n === i + 1)![0]).toBe(w.from));
    // A words shard's posting lists in parts of runs of words, every word in one.
    for (const { url } of small.shards.words) {
      const { words, parts } = small.json(url);
      expect(parts.at[0]).toBe(0);
      const lists = (parts.at as number[]).flatMap((_, k) => small.json(partUrl(url, k, parts.hash)).post);
      expect(lists).toHaveLength(words.length);
    }
    expect(small.shards.words.some((w) => small.json(w.url).parts.at.length > 1)).toBe(true);
    expect(small.shards.docs.map((d) => d.url)).toEqual(
      small.shards.docs.map((_, i) => expect.stringMatching(new RegExp(`docs-${i + 1}\\.[0-9a-f]{12}\\.json$`))),
    );
    expect(small.routes('w41b')).toEqual(['/services/blik/m41']);
    expect(small.routes('limit7')).toEqual(['/services/upi/m7']);
    expect(small.search('method 59')[0].route).toBe('/services/blik/m59');
  });
});

describe('common words', () => {
  it(`a word in > ${COMMON_WORD_DOCS} docs keeps only docs whose title, keywords, description or term names it`, () => {
    const entries = Array.from({ length: COMMON_WORD_DOCS + 1 }, (_, id) => ({
      id,
      fields:
        id % 100 === 0
          ? [{ text: 'Customer records', bit: FIELD.title }]
          : [{ text: 'the customer pays', bit: FIELD.prose }],
    }));
    const withTerms = entries.map((e) => ({ id: e.id, terms: docTerms(e.fields) }));
    const postings = collectPostings(withTerms);
    expect([...postings.get('customer')!.ids]).toEqual(entries.filter((e) => e.id % 100 === 0).map((e) => e.id));
    // Below the threshold every doc stays.
    expect(collectPostings(withTerms.slice(0, COMMON_WORD_DOCS)).get('customer')!.ids).toHaveLength(COMMON_WORD_DOCS);
  });
});
