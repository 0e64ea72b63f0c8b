/**
 * Markdown twin CPU: every page of the real site converted to its twin on one thread
 * (what each worker does per twin task), split into its two halves: hast → mdast
 * (hast-util-to-mdast with the twin handlers) and mdast → Markdown (mdast-util-to-markdown).
 * CPU time of this process, fastest of a few rounds. Prints figures; asserts nothing.
 * Run: npx tsx bench/twins.bench.ts [rounds]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../pipeline/build.ts';
import { twinMdast, toMarkdownText } from '../pipeline/machine/markdown-twin.ts';
import { twinLinks } from '../pipeline/machine/outputs.ts';
import { fastestCpuMs } from './fastest-cpu.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 5);
const site = await buildSite({ root, cacheDir: false, pool: false });
const siteUrl = site.site.config.url;
const mdastOf = (p: (typeof site.pages)[number]) => twinMdast(p, { siteUrl, links: twinLinks(p, siteUrl) });

const fastest = (run: () => void) => fastestCpuMs(run, rounds);

const toMdast = fastest(() => {
  for (const p of site.pages) mdastOf(p);
});
const trees = site.pages.map(mdastOf);
// toMarkdown leaves its tree as it was: the same trees serve every round.
const toMarkdown = fastest(() => {
  for (const t of trees) toMarkdownText(t);
});
const bytes = trees.reduce((n, t) => n + Buffer.byteLength(toMarkdownText(t)), 0);
console.log(
  `Markdown twins, one thread, ${site.pages.length} pages ` +
    `(${(bytes / 1e6).toFixed(1)} MB of Markdown), CPU ms, fastest of ${rounds}:`,
);
console.log(`  hast → mdast      ${toMdast.toFixed(0)} ms`);
console.log(`  mdast → Markdown  ${toMarkdown.toFixed(0)} ms`);
console.log(
  `  twin, whole       ${(toMdast + toMarkdown).toFixed(0)} ms ` +
    `(${((toMdast + toMarkdown) / site.pages.length).toFixed(2)} ms/page)`,
);
