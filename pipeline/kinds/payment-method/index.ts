/**
 * `payment-method` (schema/frontmatter-method.ts): a method's data sheet, shown as a
 * summary card above the prose, its own flow as a sequence diagram (./flow-sequence.ts,
 * ./flow-figure.ts) with its generated response and callbacks at `::method-flow`
 * (./flow-section.ts), how a refund is made at `::refunds` (./refunds.ts), and a sandbox
 * test-data table below it. Group
 * overviews (payment-group) compare their variants from this frontmatter.
 */
import type { KindModule } from '../types.ts';
import type { PageSource } from '../../content/validate.ts';
import { methodCard, testDataTable } from './card.ts';
import { crossCheckMethod } from './cross-check.ts';
import { methodFlowSection } from './flow-section.ts';
import { methodSequence } from './flow-sequence.ts';
import { flowCaption, flowFigure } from './flow-figure.ts';
import { refundSection } from './refunds.ts';
import { methodDiagrams } from '../../diagrams/figure.ts';

export const paymentMethod: KindModule<'payment-method'> = {
  placeholders: ['method-flow', 'refunds'],
  context: (pages) => ({ methodCountries: methodCountries(pages) }),
  compile: (fm, ctx, { uniqueId, onLink }) => {
    const paymentPage = ctx.config.environments.sandbox?.payment_page ?? '';
    const sequence = methodSequence(fm.method, ctx.data, paymentPage);
    // The caption links to the shared diagrams of the method's pattern (pipeline/diagrams/).
    const caption = flowCaption(fm.title, sequence, methodDiagrams(fm.method, ctx.diagrams ?? []), onLink);
    const figure = flowFigure(sequence, caption);
    return {
      before: [methodCard(fm.method)],
      // The flow section's ids are taken before the test data's, in page order.
      fill: [
        {
          name: 'method-flow',
          content: methodFlowSection(fm.method, ctx.data, paymentPage, uniqueId, figure),
          fallback: 'end',
        },
        // Every refundable page has the placeholder in its refund section (./refunds-check.ts).
        { name: 'refunds', content: refundSection(fm.method, ctx.data, onLink), fallback: 'end' },
      ],
      after: testDataTable(fm.method, uniqueId('sandbox-test-data'), onLink),
    };
  },
  crossCheck: crossCheckMethod,
};

/** Countries served by payment methods, sorted (the ISO 3166-2 table shows their subdivisions). */
export function methodCountries(pages: PageSource[]): string[] {
  return [
    ...new Set(
      pages.flatMap((p) =>
        p.frontmatter.kind === 'payment-method' && p.frontmatter.method.countries !== 'worldwide'
          ? p.frontmatter.method.countries
          : [],
      ),
    ),
  ].sort();
}
