/**
 * Markdown parsing CPU: every page body of the real site through the build's parser
 * (pipeline/compile/markdown.ts `parseWhole`: GFM's literal autolinks looked for only
 * where the tree could hold one) and through all of remark-gfm on every body, as before.
 * One thread, CPU time of this process, fastest of a few rounds. Prints figures; asserts nothing.
 * Run: npx tsx bench/parse.bench.ts [rounds]
 */
import { parseWhole, parseWithAllOfGfm, parseWithoutLiterals } from '../pipeline/compile/markdown.ts';
import { mayHoldLiteralAutolinks } from '../pipeline/compile/literal-autolinks.ts';
import { fastestCpuMs } from './fastest-cpu.ts';
import { pageBodies, projectRoot } from '../test/helpers.ts';

const rounds = Number(process.argv[2] ?? 5);
// The bodies the parser tests compare on.
const bodies = (await pageBodies(projectRoot)).map((p) => p.body);

const fastest = (run: () => void) => fastestCpuMs(run, rounds);

const before = fastest(() => {
  for (const b of bodies) parseWithAllOfGfm(b);
});
const now = fastest(() => {
  for (const b of bodies) parseWhole(b);
});
const again = bodies.filter((b) => mayHoldLiteralAutolinks(parseWithoutLiterals(b))).length;
const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
console.log(
  `Markdown parsing, one thread, ${bodies.length} page bodies ` +
    `(${(bytes / 1e6).toFixed(2)} MB), CPU ms, fastest of ${rounds}:`,
);
console.log(`  all of remark-gfm on every body   ${before.toFixed(0)} ms`);
console.log(
  `  the build's parse                 ${now.toFixed(0)} ms (${(100 * (1 - now / before)).toFixed(0)} % less; ` +
    `${again} of ${bodies.length} bodies parsed again with literal autolinks)`,
);
