/**
 * What each payment method's own flow (pipeline/kinds/payment-method/flow-sequence.ts and
 * flow-figure.ts) costs a cold build: the steps from the data sheet, the figure's hast and its
 * HTML, for every method page of the real site, on one thread (fastest of 9 rounds), and the bytes
 * it adds to the pages' HTML. D2, measured for the same flows before (bench/HISTORY.md), took ~38 s.
 * `npx tsx bench/method-flows.bench.ts`
 */
import { performance } from 'node:perf_hooks';
import { toHtml } from 'hast-util-to-html';
import { loadContent } from '../pipeline/content/load.ts';
import { validateContent } from '../pipeline/content/validate.ts';
import { methodSequence } from '../pipeline/kinds/payment-method/flow-sequence.ts';
import { flowCaption, flowFigure } from '../pipeline/kinds/payment-method/flow-figure.ts';
import { projectRoot } from '../test/helpers.ts';

const { site } = validateContent(await loadContent(projectRoot));
if (!site) throw new Error('the real site does not validate');
const paymentPage = (site.config.environments as Record<string, Record<string, string>>).sandbox.payment_page;
const methods = site.pages.flatMap((p) =>
  p.frontmatter.kind === 'payment-method' ? [{ title: p.frontmatter.title, m: p.frontmatter.method }] : [],
);

function drawAll(): string[] {
  return methods.map(({ title, m }) => {
    const seq = methodSequence(m, site!.data, paymentPage);
    return toHtml(
      flowFigure(
        seq,
        flowCaption(title, seq, [], () => {}),
      ),
    );
  });
}

let html = drawAll();
const times: number[] = [];
for (let round = 0; round < 9; round++) {
  const started = performance.now();
  html = drawAll();
  times.push(performance.now() - started);
}
const best = Math.min(...times);
const bytes = html.reduce((sum, h) => sum + Buffer.byteLength(h), 0);
console.log(`method pages: ${methods.length}, distinct flows: ${new Set(html).size}`);
console.log(
  `steps, figure and HTML for all of them: ${best.toFixed(1)} ms (fastest of 9), ` +
    `${(best / methods.length).toFixed(3)} ms each`,
);
console.log(`HTML added: ${(bytes / 1024).toFixed(0)} KB, ${(bytes / methods.length / 1024).toFixed(1)} KB a page`);
