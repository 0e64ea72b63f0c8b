/**
 * Lighthouse (mobile, its default simulated throttling) on the real site as
 * `paydocs serve` serves it, in Debian's Chromium: the performance score and its
 * metrics for the home page, three API operation pages (v2, v1, reports: the two-pane reference
 * of issue 56), a method page and a reference page. Prints figures; asserts nothing (the target:
 * performance ≥ 98 on each; layout stability is asserted by test/browser/layout-shift.test.ts on
 * the fixture site and printed for the real operation pages by bench/operation-pages.bench.ts).
 * Run: npx tsx bench/lighthouse.bench.ts [--dist dir] (`--dist` measures a dist already built;
 * CHROME_PATH picks the browser, default /usr/bin/chromium).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from '../pipeline/build.ts';
import { startStaticServer } from '../pipeline/server/static.ts';

const PAGES = [
  '/',
  '/api/v2/transaction/create',
  '/api/v1/transaction/create',
  '/api/reports/v2/create',
  '/services/pix/payin',
  '/reference/currency_codes',
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const given = process.argv.includes('--dist') ? process.argv[process.argv.indexOf('--dist') + 1] : undefined;
const root = given ? undefined : mkdtempSync(path.join(tmpdir(), 'paydocs-lighthouse-'));
if (root) {
  cpSync(path.resolve('content'), path.join(root, 'content'), { recursive: true });
  await build({ root, cacheDir: false });
}
const dist = given ? path.resolve(given) : path.join(root as string, 'dist');
const server = await startStaticServer(dist, { port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const port = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ` +
    `mobile (simulated throttling), ${await browser.version()}`,
);
const ms = (v: number | undefined) => (v === undefined ? '-' : `${Math.round(v)} ms`);
try {
  for (const url of PAGES) {
    const result = await lighthouse(base + url, {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    const lhr = result!.lhr;
    const metric = (id: string) => lhr.audits[id]?.numericValue;
    console.log(
      `  ${url.padEnd(30)} performance ${Math.round(100 * (lhr.categories.performance.score ?? 0))}  ` +
        `FCP ${ms(metric('first-contentful-paint'))}  LCP ${ms(metric('largest-contentful-paint'))}  ` +
        `TBT ${ms(metric('total-blocking-time'))}  CLS ${(metric('cumulative-layout-shift') ?? 0).toFixed(3)}  ` +
        `SI ${ms(metric('speed-index'))}`,
    );
    if (lhr.runtimeError) console.log(`    runtime error: ${lhr.runtimeError.message}`);
  }
} finally {
  await browser.close();
  server.close();
  if (root) rmSync(root, { recursive: true, force: true });
}
