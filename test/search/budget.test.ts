/**
 * The real site's search index within budget (bytes are stable, so a test may check
 * them; speed is left to bench/search.bench.ts): every shard ≤ 100 KB gzip, and what
 * is fetched before the first suggestion — shard manifest, titles shard and the
 * worker script with its chunks — ≤ 60 KB gzip.
 */
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { buildSite, searchWorkerEntry } from '../../pipeline/build.ts';
import { bundleReader, staticClosure } from '../../pipeline/emit/bundle.ts';
import { SHARD_BUDGET_GZIP } from '../../pipeline/search/partition.ts';
import { projectRoot } from '../helpers.ts';

const built = await buildSite({ root: projectRoot, pool: false });
const files = built.searchFiles;
const gz = (p: string) => gzipSync(files.get(p.replace(/^\//, ''))!).length;
const searchManifest = JSON.parse(files.get(built.manifest.search.slice(1))!);

describe('the real site\'s search index', () => {
  it('keeps every shard within 100 KB gzip', () => {
    const shards = [...searchManifest.titles, ...searchManifest.shards].map((s: { url: string }) => [s.url, gz(s.url)] as const);
    expect(shards.length).toBeGreaterThan(2);
    for (const [url, size] of shards) expect(size, url).toBeLessThanOrEqual(SHARD_BUDGET_GZIP);
  });

  it('indexes every page and its headings in one titles shard, with the tagline', () => {
    expect(searchManifest.titles).toHaveLength(1);
    expect(searchManifest.titles[0].docs).toBeGreaterThan(built.pages.length);
    expect(files.get(searchManifest.titles[0].url.slice(1))).toContain('шлюза');
  });

  it('fetches at most 60 KB gzip before the first suggestion, worker script included', async () => {
    const bundle = await bundleReader({ extraEntries: searchWorkerEntry() });
    const assets = new Map(bundle.files.map((f) => [f.path, f.contents]));
    const worker = staticClosure(bundle, bundle.entries.searchWorker).reduce((n, p) => n + gzipSync(assets.get(p)!).length, 0);
    const index = gz(built.manifest.search) + gz(searchManifest.titles[0].url);
    expect(worker).toBeGreaterThan(5_000); // fuse.js and the stemmers are in it
    expect(index + worker).toBeLessThanOrEqual(60 * 1024);
  });
});
