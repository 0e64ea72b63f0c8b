/**
 * Prerender CPU: every page of the real site rendered to its HTML document on one
 * thread (what each worker does per task), with the share the page content takes (the
 * same pages rendered with an empty tree). CPU time of this process, fastest of a few
 * rounds: on a shared machine wall time says more about the neighbours. Prints figures;
 * asserts nothing. Run: npx tsx bench/prerender.bench.ts [rounds]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../pipeline/build.ts';
import { renderHtmlFile } from '../pipeline/emit/prerender.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 3);
const site = await buildSite({ root, cacheDir: false, pool: false });
const assets = {
  appJs: 'assets/app.00000000.js',
  appCss: 'assets/app.00000000.css',
  themeJs: 'assets/theme.00000000.js',
  manifestUrl: '/_data/manifest.json',
};

function fastest(pages: typeof site.pages): number {
  for (const p of pages.slice(0, 20)) renderHtmlFile(site.manifest, p, { assets }); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.cpuUsage();
    for (const p of pages) renderHtmlFile(site.manifest, p, { assets });
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return Math.min(...times);
}

const whole = fastest(site.pages);
const chrome = fastest(site.pages.map((p) => ({ ...p, ast: { type: 'root' as const, children: [] } })));
console.log(`prerender, one thread, ${site.pages.length} pages, CPU ms, fastest of ${rounds}:`);
console.log(`  whole pages   ${whole.toFixed(0)} ms (${(whole / site.pages.length).toFixed(1)} ms/page)`);
console.log(`  chrome only   ${chrome.toFixed(0)} ms (empty content)`);
console.log(`  content share ${(whole - chrome).toFixed(0)} ms`);
