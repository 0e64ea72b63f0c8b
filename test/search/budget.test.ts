/**
 * The real site's search index within budget (bytes are stable, so a test may check
 * them; speed is left to bench/search-quality.bench.ts): small words and docs shards,
 * and a small start — the manifest and the worker script with its chunks.
 */
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { buildSite, searchWorkerEntry } from '../../pipeline/build.ts';
import { bundleReader, staticClosure } from '../../pipeline/emit/bundle.ts';
import type { SearchManifest } from '../../schema/search.ts';
import { shardList } from '../../schema/search-codec.ts';
import { projectRoot } from '../helpers.ts';

const built = await buildSite({ root: projectRoot, pool: false });
const files = built.searchFiles;
const gz = (p: string) => gzipSync(files.get(p.replace(/^\//, ''))!).length;
const searchManifest = JSON.parse(files.get(built.manifest.search.slice(1))!) as SearchManifest;
const shards = shardList(searchManifest);

describe('the real site\'s search index', () => {
  it('keeps every words and docs shard small (a query fetches a few)', () => {
    expect(shards.words.length).toBeGreaterThan(10);
    expect(shards.docs.length).toBeGreaterThan(2);
    for (const { url } of [...shards.words, ...shards.docs]) expect(gz(url), url).toBeLessThanOrEqual(24 * 1024);
  });

  it('indexes the tagline with the home page', () => {
    const words = shards.words.flatMap((w) => JSON.parse(files.get(w.url.slice(1))!).words as string[]);
    expect(words).toEqual(expect.arrayContaining(['шлюза', 'мерчанта']));
  });

  it('starts light: the manifest and the worker script with its chunks ≤ 16 KB gzip', async () => {
    const bundle = await bundleReader({ extraEntries: searchWorkerEntry() });
    const assets = new Map(bundle.files.map((f) => [f.path, f.contents]));
    const worker = staticClosure(bundle, bundle.entries.searchWorker).reduce((n, p) => n + gzipSync(assets.get(p)!).length, 0);
    expect(worker).toBeGreaterThan(3_000); // the stemmers are in it
    expect(gz(built.manifest.search) + worker).toBeLessThanOrEqual(16 * 1024);
  });
});
