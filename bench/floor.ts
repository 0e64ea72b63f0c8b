/**
 * The floor a docs build is measured against: every page's Markdown through unified
 * (remark-parse + GFM → remark-rehype) and its code fences through highlight.js
 * (lowlight, the same grammars as the build), to HTML, on ONE thread. Run by
 * bench/build.bench.ts in a child process: `npx tsx bench/floor.ts <content dir>`;
 * prints one JSON line with the CPU and wall seconds of the work (module loading
 * excluded) and the pages and code blocks done.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Element, Root } from 'hast';
import { lowlight } from '../pipeline/compile/code.ts';

const dir = process.argv[2];
const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .sort();
const bodies = files.map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
let blocks = 0,
  bytes = 0;
for (const body of bodies) {
  const tree = processor.runSync(processor.parse(body)) as Root;
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'code') return;
    const lang = ((node.properties.className as string[] | undefined) ?? [])
      .find((c) => c.startsWith('language-'))
      ?.slice(9);
    if (!lang || !lowlight.registered(lang)) return;
    node.children = lowlight.highlight(lang, toString(node)).children as Element['children'];
    blocks++;
  });
  bytes += toHtml(tree).length;
}
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    pages: bodies.length,
    blocks,
    htmlBytes: bytes,
    cpu: (cpu.user + cpu.system) / 1e6,
    wall: (performance.now() - t0) / 1000,
  }),
);
