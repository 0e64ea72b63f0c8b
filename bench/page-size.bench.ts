/**
 * Bytes per navigation: a page's JSON (what the reader fetches to show it) against the
 * same page's prerendered HTML, both gzip (level 9, as the build's .gz twins), for five
 * pages of different kinds. "hast" is the page JSON as it was before the compact
 * encoding (schemaVersion 1: the tree as plain hast), "encoded" as it is written now
 * (schema/page-codec.ts). "text" is the page's text alone (every text node, no markup, no
 * page fields): what any page JSON carrying the page's words costs at least, so the ratio no
 * encoding of the same content can go below. Target (issue 11): JSON ≤ 0.6 × HTML. An API
 * page's code samples and error rows travel as data (schema/generated/): the reader prints
 * them with a chunk and the site's error rows, each loaded once (on the first API page);
 * their sizes are printed too. Prints figures; asserts nothing (test/schema/page-codec.test.ts
 * checks the encoding stays compact).
 * Run: npx tsx bench/page-size.bench.ts
 */
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../pipeline/build.ts';
import { pageDataPath } from '../schema/dist-layout.ts';
import { renderHtmlFile } from '../pipeline/emit/prerender.ts';
import { toString } from 'hast-util-to-string';
import { bundleReader } from '../pipeline/emit/bundle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES: [kind: string, route: string][] = [
  ['API operation', '/api/v2/transaction/create'],
  ['payment method', '/services/pix/payin'],
  ['reference table', '/reference/currency_codes'],
  ['guide', '/introduction'],
  ['home', '/'],
];

const gz = (text: string) => gzipSync(text, { level: 9 }).length;
const br = (text: string) =>
  brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const site = await buildSite({ root, cacheDir: false, pool: false });
// Asset names as long as the build's content-hashed ones.
const assets = {
  appJs: 'assets/app.00000000.js',
  appCss: 'assets/app.00000000.css',
  themeJs: 'assets/theme.00000000.js',
  manifestUrl: '/_data/manifest.json',
};
console.log('page JSON vs prerendered HTML, gzip -9 (before: hast JSON → after: encoded JSON)\n');
console.log(
  `${'page'.padEnd(44)} ${'HTML'.padStart(9)} ${'JSON before'.padStart(12)} ` +
    `${'JSON after'.padStart(11)}   ratio before → after   ${'text'.padStart(8)} (ratio)`,
);
let worst = 0;
for (const [kind, route] of PAGES) {
  const page = site.pages.find((p) => p.route === route);
  if (!page) {
    console.log(`${route}: no such page`);
    continue;
  }
  const html = gz(renderHtmlFile(site.manifest, page, { assets }));
  const before = gz(JSON.stringify({ ...page, schemaVersion: 1 }));
  const after = gz(site.pageFiles.get(pageDataPath(route))!.json);
  const text = gz(toString(page.ast as Parameters<typeof toString>[0]));
  worst = Math.max(worst, after / html);
  console.log(
    `${`${route} (${kind})`.padEnd(44)} ${kb(html).padStart(9)} ${kb(before).padStart(12)} ` +
      `${kb(after).padStart(11)}   ${(before / html).toFixed(2)} → ` +
      `${(after / html).toFixed(3)}          ${kb(text).padStart(8)} (${(text / html).toFixed(2)})`,
  );
}
// The page JSON contract (docs/page-json.md): plain hast (generated parts printed, as a tool
// reading hast would need them) against the compact encoding, as served (.gz and .br twins).
const row = (label: string, cells: string[]) => `${label.padEnd(44)} ${cells.map((c) => c.padStart(11)).join(' ')}`;
console.log(`\n${row('plain hast vs compact encoding', ['hast gz', 'hast br', 'compact gz', 'compact br'])}`);
for (const [kind, route] of PAGES) {
  const page = site.pages.find((p) => p.route === route);
  if (!page) continue;
  const hast = JSON.stringify({ ...page, schemaVersion: 1 });
  const compact = site.pageFiles.get(pageDataPath(route))!.json;
  console.log(row(`${route} (${kind})`, [gz(hast), br(hast), gz(compact), br(compact)].map(kb)));
}
const raw = (f: (p: (typeof site.pages)[number]) => string) =>
  site.pages.reduce((n, p) => n + Buffer.byteLength(f(p)), 0);
console.log(
  `\nall ${site.pages.length} pages, raw: ${kb(raw((p) => JSON.stringify(p)))} ` +
    `→ ${kb(raw((p) => site.pageFiles.get(pageDataPath(p.route))!.json))}`,
);
console.log(`worst ratio ${worst.toFixed(3)} (target ≤ 0.60)`);
// What the first API page loads once besides its JSON: the printers' chunk and the error rows.
const bundle = await bundleReader();
const printers = bundle.files.find(
  (f) => f.path.endsWith('.js') && Buffer.from(f.contents).includes('PAYDOCS_SECRET_KEY'),
);
console.log(
  `\nloaded once, on the first API page: generated-content chunk ` +
    `${printers ? kb(gzipSync(printers.contents, { level: 9 }).length) : '(not found)'}, error rows ` +
    `${kb(gz(site.generatedData.json))} (gzip)`,
);
