/**
 * Records the ids (anchors) of every API operation page of a built site, from its
 * prerendered HTML: `npx tsx test/content/record-operation-anchors.ts <dist> > test/content/operation-anchors.json`.
 * Run once on a build of the code before the two-pane reference (issue 56), so that
 * operation-anchors.test.ts can check that no anchor a reader may have linked to was lost.
 * Only the page content's ids (`#page-content`): the chrome around it is the same on every page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.argv[2];
if (!dist) {
  console.error('usage: tsx test/content/record-operation-anchors.ts <dist folder>');
  process.exit(2);
}

function* pages(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('_')) yield* pages(full);
    else if (entry.name === 'index.html') yield full;
  }
}

const anchors: Record<string, string[]> = {};
for (const file of pages(dist)) {
  const html = readFileSync(file, 'utf8');
  if (!html.includes('data-kind="api-operation"')) continue;
  const start = html.indexOf('id="page-content"');
  const end = html.indexOf('</article>', start);
  const route = `/${path.relative(dist, path.dirname(file)).split(path.sep).join('/')}`;
  anchors[route] = [...html.slice(start, end).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
}
const sorted = Object.fromEntries(Object.entries(anchors).sort(([a], [b]) => (a < b ? -1 : 1)));
console.log(JSON.stringify(sorted, null, 1));
