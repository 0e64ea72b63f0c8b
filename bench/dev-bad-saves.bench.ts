/**
 * `paydocs dev` under a storm of bad saves (issue 13): the real dev server, in this
 * process on a copy of the real content, gets N bad saves of one page in a row —
 * alternating frontmatter that is not YAML and Markdown with an unclosed code fence —
 * each answered by a `build-error` event; then one good save. Prints whether the
 * server is alive, its memory before and after (V8 heap after a full GC, and resident
 * set), and how long the good save took to be served. Prints figures; asserts nothing.
 * Run: node --expose-gc --import tsx bench/dev-bad-saves.bench.ts [saves]
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startDevServer } from '../pipeline/server/dev.ts';

const saves = Number(process.argv[2] ?? 100);
const root = mkdtempSync(path.join(tmpdir(), 'paydocs-bad-saves-'));
cpSync(path.resolve('content'), path.join(root, 'content'), { recursive: true });
const page = path.join(root, 'content/introduction.md');
const good = readFileSync(page, 'utf8');
const bad = [
  (i: number) => good.replace(/^---\n/, `---\ntitle: [unclosed ${i}\n`),
  (i: number) => `${good}\n\`\`\`js\nconst broken = ${i};\n`,
];

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc --import tsx (see the header).');
const memory = () => {
  gc();
  gc();
  return { heap: process.memoryUsage().heapUsed / 2 ** 20, rss: process.memoryUsage().rss / 2 ** 20 };
};

let output = '';
const dev = await startDevServer(root, {
  port: 0,
  host: '127.0.0.1',
  log: (line) => {
    output += `${line}\n`;
  },
});
const url = dev.url;

/** Server-sent events of the dev server, as a queue the bench waits on. */
const events: string[] = [];
let wake: (() => void) | undefined;
const stream = await fetch(`${url}/__paydocs/events`);
void (async () => {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let at = buffer.indexOf('\n\n'); at !== -1; at = buffer.indexOf('\n\n')) {
      const name = /^event: (.+)$/m.exec(buffer.slice(0, at))?.[1];
      buffer = buffer.slice(at + 2);
      if (name) {
        events.push(name);
        wake?.();
      }
    }
  }
})();
async function next(wanted: string[]): Promise<string> {
  for (;;) {
    const i = events.findIndex((e) => wanted.includes(e));
    if (i !== -1) return events.splice(0, i + 1).at(-1)!;
    await new Promise<void>((r) => {
      wake = r;
      setTimeout(r, 30_000);
    });
  }
}

async function save(text: string) {
  events.length = 0;
  writeFileSync(page, text);
}

console.log(`machine load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
// Warm the server as an author would have it: one good save served, then measure.
await save(`${good}\nWarm-up.\n`);
await next(['reload']);
await next(['search-updated']);
const before = memory();

let errors = 0;
for (let i = 0; i < saves; i++) {
  await save(bad[i % 2](i));
  if ((await next(['build-error', 'reload'])) === 'build-error') errors++;
}
const marker = `Good again after ${saves} bad saves.`;
const t = performance.now();
const logFrom = output.length;
await save(`${good}\n${marker}\n`);
await next(['reload']);
const shownMs = performance.now() - t;
const served = (await (await fetch(`${url}/introduction`)).text()).includes(marker);
await next(['search-updated']);
const after = memory();

const alive = (await fetch(`${url}/`)).status === 200;
console.log(`${saves} bad saves: ${errors} answered with a build error, server ${alive ? 'alive' : 'not answering'}`);
console.log(
  `first good save served in ${shownMs.toFixed(0)} ms (target ≤ 1000 ms; ` +
    `file watcher and event included), page shows it: ${served}`,
);
console.log(`  the server's own line: ${/built .*/.exec(output.slice(logFrom))?.[0] ?? '(none)'}`);
const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
console.log(
  `V8 heap after GC: ${before.heap.toFixed(0)} MB before → ` +
    `${after.heap.toFixed(0)} MB after (${change(before.heap, after.heap)}, target within 10 %)`,
);
console.log(
  `resident set: ${before.rss.toFixed(0)} MB → ${after.rss.toFixed(0)} MB (${change(before.rss, after.rss)})`,
);

stream.body?.cancel().catch(() => {});
await dev.close();
rmSync(root, { recursive: true, force: true });
process.exit(0);
