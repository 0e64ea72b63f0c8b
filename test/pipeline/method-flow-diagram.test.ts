/**
 * A method's own flow as D2 (pipeline/kinds/payment-method/flow-diagram.ts, a measured prototype:
 * bench/method-flows.bench.ts): the pattern drawn with the method's names, statuses and
 * failure reason from its data sheet, and a text alternative in the same words.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { methodFlowDiagram } from '../../pipeline/kinds/payment-method/flow-diagram.ts';
import { flowExamples } from '../../pipeline/kinds/payment-method/flow.ts';
import { fixtureRoot } from '../helpers.ts';

const site = validateContent(await loadContent(fixtureRoot)).site!;
const methods = site.pages.flatMap((p) => (p.frontmatter.kind === 'payment-method' ? [p.frontmatter.method] : []));

describe("a method's flow diagram", () => {
  it.each(methods.map((m) => [m.service, m] as const))(
    '%s: names the method, its service, create status and callbacks from the data sheet',
    (_, m) => {
      const d = methodFlowDiagram(m, site.data, 'https://pay.example');
      const ex = flowExamples(m, site.data, 'https://pay.example');
      const status = (ex.response.data as { status: string }).status;
      expect(d.source).toMatch(/^shape: sequence_diagram\n/);
      expect(d.source).toContain(`provider: ${JSON.stringify(m.name)}`);
      expect(d.source).toContain(`service: ${m.service}`);
      expect(d.source).toContain(`200 · status ${status}`);
      const failed = ex.callbacks.find((c) => c.status === 'failed');
      expect(d.source).toContain(
        failed ? `status success or failed (${failed.body.failure_reason})` : 'Callback: status success"',
      );
      // The text alternative says every arrow's label.
      for (const [, label] of d.source.matchAll(/-> \w+: ("[^\n]*")/g))
        expect(d.description).toContain(JSON.parse(label));
    },
  );
});
