/**
 * `paydocs mcp`: how soon it answers and how fast its tools are, through the SDK's own Client
 * over stdio, as an assistant runs it (bin/paydocs.js, the CLI bundle). Prints figures; asserts
 * nothing. Run: npx tsx bench/mcp.bench.ts [--pages 10000] [--dist dir]
 *
 * - ready: spawn → the initialize handshake answered (median of 5 starts; target ≤ 500 ms on
 *   the real site, ≤ 2 s at 10,000 pages);
 * - search_docs p50/p95 over 200 calls, the judged queries in turn (target p95 ≤ 20 ms; ≤ 50 ms
 *   at 10,000 pages);
 * - get_page p50/p95 over 200 calls, pages and sections in turn (target p95 ≤ 10 ms);
 * - the server's resident memory after those calls (target ≤ 200 MB), and its CPU time per call
 *   (from /proc: on a loaded machine, wall times measure the queue for a core as much as the server).
 *
 * The site is built first into a temp folder (the real one, or `--pages N` generated from it by
 * bench/generate-site.ts); `--dist` measures a dist already built.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { build } from '../pipeline/build.ts';
import { JUDGED } from './search-judge.ts';
import { generateSite } from './generate-site.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const CALLS = 200;

const pct = (ms: number[], p: number) =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(p * ms.length))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function start(dist: string): Promise<{ client: Client; transport: StdioClientTransport; ms: number }> {
  const env = { ...process.env } as Record<string, string>;
  delete env.PAYDOCS_SECRET_KEY;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'bin/paydocs.js'), 'mcp', '--dist', dist],
    cwd: root,
    env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'paydocs-bench', version: '1.0.0' });
  const t0 = performance.now();
  await client.connect(transport);
  return { client, transport, ms: performance.now() - t0 };
}

async function timed(client: Client, calls: [string, Record<string, unknown>][]): Promise<number[]> {
  const ms: number[] = [];
  for (const [name, args] of calls) {
    const t0 = performance.now();
    const r = await client.callTool({ name, arguments: args });
    ms.push(performance.now() - t0);
    if (r.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${JSON.stringify(r.content)}`);
  }
  return ms;
}

/** The server's CPU time so far (user + system), from /proc: less moved by the machine's load than wall time. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function measure(dist: string, label: string) {
  // The first start may bundle the CLI (a code change): not a start an assistant sees twice.
  await (await start(dist)).client.close();
  const ready: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await start(dist);
    ready.push(s.ms);
    await s.client.close();
  }
  const { client, transport } = await start(dist);
  const manifest = JSON.parse(readFileSync(path.join(dist, '_data/manifest.json'), 'utf8'));
  const routes = Object.keys(manifest.routes);
  const queries = Array.from({ length: CALLS }, (_, i) => JUDGED[i % JUDGED.length].q);
  const cpu0 = cpuMs(transport.pid!);
  const search = await timed(
    client,
    queries.map((q): [string, Record<string, unknown>] => ['search_docs', { query: q }]),
  );
  const pageCalls = Array.from({ length: CALLS }, (_, i): [string, Record<string, unknown>] => {
    // Every tenth, a section of a long page.
    const route = i % 10 === 9 ? '/request_format#signing-a-request' : routes[(i * 7) % routes.length];
    return ['get_page', { route_or_url: route }];
  });
  const cpu1 = cpuMs(transport.pid!);
  const pages = await timed(client, pageCalls);
  const cpu2 = cpuMs(transport.pid!);
  const rss = rssMb(transport.pid!);
  await client.close();
  console.log(`\n${label} (${routes.length} pages)`);
  console.log(`  ready           median ${fmt(pct(ready, 0.5))} (${ready.map((m) => m.toFixed(0)).join(', ')} ms)`);
  console.log(
    `  search_docs     p50 ${fmt(pct(search, 0.5))} · p95 ${fmt(pct(search, 0.95))} ` +
      `over ${CALLS} calls, server CPU ${fmt((cpu1 - cpu0) / CALLS)} a call`,
  );
  console.log(`  get_page        p50 ${fmt(pct(pages, 0.5))} · p95 ${fmt(pct(pages, 0.95))} over ${CALLS} calls`);
  console.log(`  get_page CPU    ${fmt((cpu2 - cpu1) / CALLS)} a call (server)`);
  console.log(`  server RSS      ${rss.toFixed(0)} MB after those calls`);
}

const given = arg('--dist');
const pagesWanted = Number(arg('--pages') ?? 0);
if (given) await measure(path.resolve(given), given);
else {
  const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-mcp-bench-'));
  try {
    const siteRoot = pagesWanted ? dir : root;
    if (pagesWanted) generateSite(dir, pagesWanted);
    const dist = path.join(dir, 'dist');
    const t0 = performance.now();
    const stats = await build({ root: siteRoot, outDir: dist, log: () => {} });
    console.log(`built ${stats.pages} pages in ${((performance.now() - t0) / 1000).toFixed(1)} s (not measured)`);
    await measure(dist, pagesWanted ? `${pagesWanted.toLocaleString('en')} generated pages` : 'real site');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
