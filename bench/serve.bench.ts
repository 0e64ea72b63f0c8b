/**
 * `paydocs serve` under load, against a plain static server on the same dist.
 * 50 concurrent connections for 20 s on a mix of pages, assets, page JSON and 404s,
 * as a browser asks (Accept-Encoding: gzip, deflate, br): requests/s, p99 latency,
 * errors (socket errors, timeouts, and any status other than the expected — must be 0).
 * Also the build-time cost of the precompressed twins, cold and warm. Prints figures;
 * asserts nothing. Run: npm run bench  (or npx tsx bench/serve.bench.ts [seconds])
 *
 * The reference is sirv (a plain static file server, also serving the .br/.gz twins)
 * in its own process, like paydocs serve. PAYDOCS_BENCH_BEFORE=<other checkout>/bin/paydocs.js
 * also measures that version's `paydocs serve` on the same dist (e.g. before a change).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hasTwins, writeTwinsOf } from '../pipeline/emit/twins.ts';

const seconds = Number(process.argv[2] ?? 20);
const connections = 50;
const work = mkdtempSync(path.join(tmpdir(), 'paydocs-serve-bench-'));
const dist = path.join(work, 'dist');
const bin = path.resolve('bin/paydocs.js');
const before = process.env.PAYDOCS_BENCH_BEFORE;

function start(
  label: string,
  command: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, command, {
    cwd: work,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`${label} exited (${code}) before listening: ${out}`)));
  });
}

/** The mix: a request list each connection walks through, with the status each must get. */
function mix(): { path: string; status: number }[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '_data/manifest.json'), 'utf8'));
  const routes = Object.keys(manifest.routes);
  const assets = readdirSync(path.join(dist, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `/assets/${f}`);
  const list: { path: string; status: number }[] = [];
  for (let i = 0; i < 60; i++) {
    const route = routes[(i * 37) % routes.length];
    list.push({ path: route, status: 200 }); // page
    if (i % 3 === 0) list.push({ path: `/${manifest.routes[route].data}`, status: 200 }); // page JSON
    if (i % 4 === 0) list.push({ path: assets[i % assets.length], status: 200 }); // asset
    if (i % 5 === 0) list.push({ path: `/no/such/page-${i}`, status: 404 }); // 404
  }
  return list;
}

async function load(label: string, url: string) {
  const requests = mix();
  let unexpected = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: requests.map((r) => ({
      method: 'GET',
      path: r.path,
      onResponse: (status: number) => {
        if (status !== r.status) unexpected++;
      },
    })),
  });
  const errors = result.errors + result.timeouts + unexpected;
  const kinds =
    `${requests.filter((r) => r.status === 404).length} 404s, ` +
    `${requests.filter((r) => r.path.includes('/_data/')).length} page JSON, ` +
    `${requests.filter((r) => r.path.startsWith('/assets/')).length} assets in ${requests.length}`;
  console.log(
    `${label.padEnd(28)} ${result.requests.average.toFixed(0).padStart(6)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   ` +
      `errors ${errors} (socket ${result.errors}, timeouts ${result.timeouts}, wrong status ${unexpected})   ` +
      `${(result.throughput.average / 1e6).toFixed(1)} MB/s   [${kinds}]`,
  );
}

async function main() {
  console.log(
    `machine load average (1 min) before: ${loadavg()[0].toFixed(2)} — figures are only comparable on an idle machine`,
  );
  cpSync(path.resolve('content'), path.join(work, 'content'), { recursive: true });
  const { build } = await import('../pipeline/build.ts');
  const built = await build({ root: work, cacheDir: path.resolve('node_modules/.cache/paydocs') });
  const write = built.steps.find((s) => s.name.startsWith('write'));
  console.log(
    `built ${built.pages} pages in ${(built.ms / 1000).toFixed(1)} s ` +
      `(write step with twins ${write?.ms.toFixed(0)} ms)`,
  );

  // The twins' cost on their own: every compressible file compressed (a cold build; a warm one
  // links unchanged files with their twins from the previous dist, emit/write.ts).
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)))
    .map((f) => [f, readFileSync(path.join(dist, f))] as [string, Buffer]);
  {
    const scratch = mkdtempSync(path.join(work, 'twins-'));
    for (const f of files) mkdirSync(path.join(scratch, path.dirname(f[0])), { recursive: true });
    const twinned = files.filter(([f, data]) => hasTwins(f, data.length));
    const t = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(twinned.map(([f, data]) => writeTwinsOf(scratch, f, data)));
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const bytes = twinned.reduce((n, [, data]) => n + data.length, 0);
    const size = (suffix: string) =>
      twinned.reduce((n, [f]) => n + readFileSync(path.join(scratch, f + suffix)).length, 0);
    console.log(
      `twins cold: ${twinned.length} files, ${(bytes / 1e6).toFixed(1)} MB → ` +
        `br ${(size('.br') / 1e6).toFixed(1)} MB, gz ${(size('.gz') / 1e6).toFixed(1)} MB, ` +
        `${ms.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU (all threads)`,
    );
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log(`\n${connections} connections, ${seconds} s each, Accept-Encoding: gzip, deflate, br`);
  const servers: [string, string[]][] = [
    ['paydocs serve', [bin, 'serve', dist, '--port', '0']],
    [
      'reference: sirv (br/gz twins)',
      [
        '--input-type=module',
        '-e',
        `
      import http from 'node:http'; import sirv from ${JSON.stringify(path.resolve('node_modules/sirv/build.mjs'))};
      const s = http.createServer(sirv(${JSON.stringify(dist)}, { dev: false, etag: true, brotli: true, gzip: true }));
      s.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + s.address().port));`,
      ],
    ],
  ];
  if (before)
    servers.push([
      `paydocs serve (${path.basename(path.dirname(path.dirname(before)))})`,
      [before, 'serve', dist, '--port', '0'],
    ]);
  for (const [label, command] of servers) {
    const { child, url } = await start(label, command);
    try {
      await load(label, url);
    } finally {
      child.kill();
    }
  }
}

await main().finally(() => rmSync(work, { recursive: true, force: true }));
