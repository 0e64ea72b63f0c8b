/**
 * What drawing each payment method's own flow diagram (pipeline/kinds/payment-method/flow-diagram.ts)
 * with D2 would cost a cold build: the diagrams the real site would get, and D2's time to draw them
 * one after another on its thread, as drawDiagrams does, against the pattern diagrams drawn today.
 * `npx tsx bench/method-flows.bench.ts`
 */
import { performance } from 'node:perf_hooks';
import { loadContent } from '../pipeline/content/load.ts';
import { validateContent } from '../pipeline/content/validate.ts';
import { closeD2, renderD2 } from '../pipeline/diagrams/d2.ts';
import { methodFlowDiagram } from '../pipeline/kinds/payment-method/flow-diagram.ts';
import { projectRoot } from '../test/helpers.ts';

const { site } = validateContent(await loadContent(projectRoot));
if (!site) throw new Error('the real site does not validate');
const paymentPage = (site.config.environments as Record<string, Record<string, string>>).sandbox.payment_page;
const sources = site.pages.flatMap((p) =>
  p.frontmatter.kind === 'payment-method' && p.frontmatter.method.flow.transaction
    ? [methodFlowDiagram(p.frontmatter.method, site.data, paymentPage).source]
    : [],
);
const distinct = [...new Set(sources)];
await renderD2(distinct[0]); // the engine's start, which a build pays once for its pattern diagrams anyway
const started = performance.now();
let failed = 0;
for (const source of distinct) if (!(await renderD2(source)).ok) failed++;
const ms = performance.now() - started;
await closeD2();
console.log(`method pages with a flow: ${sources.length}, distinct diagrams: ${distinct.length}, D2 errors: ${failed}`);
console.log(
  `D2 drawing them one after another: ${(ms / 1000).toFixed(2)} s, ${(ms / distinct.length).toFixed(0)} ms each`,
);
