/**
 * Search: index size and query speed, on the real site and on 10,000 generated pages.
 * Prints figures; asserts nothing (the budgets are checked in test/search/budget.test.ts).
 * Run: npx tsx bench/search.bench.ts [rounds]
 *
 * - index bytes, raw and gzip, per shard and in total;
 * - bytes fetched before the first suggestion: shard manifest + titles shard + the
 *   worker script and its chunks (targets: ≤ 60 KB gzip; ≤ 100 KB gzip per shard);
 * - query time, median and p95, over a fixed list of queries, with the worker's own
 *   module (search/engine/service.ts) reading the built shards (target p95 ≤ 10 ms);
 * - the same for 10,000 pages generated from the real ones.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../pipeline/build.ts';
import { searchPageInputs } from '../pipeline/search/search-step.ts';
import { generatePages, pct, workerBytes } from './search-judge.ts';
import { buildSearchIndex } from '../search/index/index.ts';
import { createSearchService } from '../search/engine/service.ts';
import type { SearchReply, SearchRequest } from '../search/engine/protocol.ts';
import { shardList, type SearchManifest } from '../search/format/index.ts';
import type { SiteConfig } from '../schema/site-config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 15);

/** The fixed query list: whole words, identifiers, typos, Russian, multi-word, and as-you-type prefixes. */
export const QUERIES = [
  'payout',
  'create transaction',
  'tranzaction',
  'setlepay',
  'payment_method',
  'wallet-transfers',
  '/api/v2/transaction/create',
  '3ds',
  'callback signature',
  'refund',
  'sandbox',
  'pix',
  'webhook',
  'платежи',
  'документацию',
  'binance pay',
  'currency codes',
  'chargebak',
  'idempotency',
  'status success',
  'p',
  'pa',
  'pay',
  'payo',
  'cabinet reports',
  'bank codes',
  'test cards',
  'signature verification',
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (s: string | Uint8Array) => gzipSync(s).length;

/** Sizes of one kind of shard: count, total, median and largest, raw and gzip. */
function sizes(files: Map<string, string>, urls: string[]) {
  const list = urls.map((u) => {
    const text = files.get(u.slice(1))!;
    return { raw: Buffer.byteLength(text), gzip: gz(text) };
  });
  const sorted = list.map((x) => x.gzip).sort((a, b) => a - b);
  return {
    count: list.length,
    raw: list.reduce((n, x) => n + x.raw, 0),
    gzip: list.reduce((n, x) => n + x.gzip, 0),
    median: sorted[sorted.length >> 1] ?? 0,
    max: sorted.at(-1) ?? 0,
  };
}

async function queryTimes(
  files: Map<string, string>,
  manifestPath: string,
  mode: 'suggest' | 'full',
): Promise<number[]> {
  let answer: (r: SearchReply) => void = () => {};
  const service = createSearchService(
    async (url) => JSON.parse(files.get(url.slice(1))!),
    (r) => answer(r),
  );
  await service.handle({ type: 'init', manifest: `/${manifestPath}` });
  let id = 0;
  const ask = (q: string) =>
    new Promise<number>((resolve) => {
      const req: SearchRequest = {
        type: 'query',
        id: ++id,
        channel: 'bench',
        q,
        mode,
        limit: mode === 'full' ? 50 : 8,
      };
      let start = performance.now();
      answer = (r) => {
        if (r.type !== 'results' || r.id !== req.id) return;
        if (r.complete) resolve(performance.now() - start);
        else start = performance.now();
      };
      void service.handle(req);
    });
  for (const q of QUERIES) await ask(q); // loads the body shards (the sparse queries need them all), warms the JIT
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) for (const q of QUERIES) times.push(await ask(q));
  return times;
}

function report(title: string, files: Map<string, string>, manifest: SearchManifest, worker: { gzip: number }) {
  const shards = shardList(manifest);
  console.log(`\n${title}`);
  const manifestText = JSON.stringify(manifest);
  console.log(`  manifest: ${kb(Buffer.byteLength(manifestText))} raw, ${kb(gz(manifestText))} gzip`);
  for (const [name, urls] of [
    ['words', shards.words.map((w) => w.url)],
    ['postings', [...files.keys()].filter((f) => f.includes('/post-')).map((f) => `/${f}`)],
    ['docs', shards.docs.map((d) => d.url)],
  ] as const) {
    const s = sizes(files, [...urls]);
    console.log(
      `  ${name} shards: ${s.count}, ${kb(s.raw)} raw, ${kb(s.gzip)} ` +
        `gzip in all; median ${kb(s.median)}, largest ${kb(s.max)} gzip`,
    );
  }
  console.log(`  worker script: ${kb(worker.gzip)} gzip (bytes per query: bench/search-quality.bench.ts)`);
}

async function printTimes(label: string, files: Map<string, string>, manifestPath: string) {
  for (const mode of ['suggest', 'full'] as const) {
    const t = await queryTimes(files, manifestPath, mode);
    console.log(
      `  query time, ${mode === 'suggest' ? 'dropdown (8 suggestions)' : '/search (50 results)'}: ` +
        `median ${pct(t, 0.5).toFixed(2)} ms, p95 ${pct(t, 0.95).toFixed(2)} ms, max ` +
        `${Math.max(...t).toFixed(1)} ms over ${t.length} queries (${QUERIES.length} × ${rounds})${label}`,
    );
  }
}

const t0 = performance.now();
const built = await buildSite({ root, pool: false });
console.log(`real site: ${built.pages.length} pages (built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
const worker = await workerBytes();
console.log(`worker script: ${worker.files.join(' + ')} = ${kb(worker.raw)} raw, ${kb(worker.gzip)} gzip`);

const input = searchPageInputs(built);
const config: SiteConfig = built.site.config;
let t = performance.now();
const real = buildSearchIndex(input, config, { synonyms: built.site.data.search_synonyms });
console.log(`index built in ${(performance.now() - t).toFixed(0)} ms`);
report(`Real site (${input.length} pages)`, real.files, real.manifest, worker);
await printTimes('', real.files, real.manifestPath);

const many = generatePages(input, 10_000);
t = performance.now();
const big = buildSearchIndex(many, config, { synonyms: built.site.data.search_synonyms });
console.log(`\n10,000 generated pages: index built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
report(`Generated site (${many.length} pages)`, big.files, big.manifest, worker);
await printTimes('', big.files, big.manifestPath);
