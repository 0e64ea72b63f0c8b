/**
 * `payment-method` (schema/frontmatter-method.ts): a method's data sheet, shown as a
 * summary card above the prose and a sandbox test-data table below it. Group
 * overviews (payment-group) compare their variants from this frontmatter.
 */
import type { KindModule } from '../types.ts';
import type { PageSource } from '../../content/validate.ts';
import { methodCard, testDataTable } from './card.ts';
import { crossCheckMethod } from './cross-check.ts';
import { methodFlows } from '../../diagrams/figure.ts';

export const paymentMethod: KindModule<'payment-method'> = {
  compile: (fm, ctx, { uniqueId, onLink }) => ({
    before: [methodCard(fm.method), ...methodFlows(fm.method, ctx.diagrams ?? [], onLink)],
    after: testDataTable(fm.method, uniqueId('sandbox-test-data'), onLink),
  }),
  crossCheck: crossCheckMethod,
};

/** Countries served by payment methods, sorted (the ISO 3166-2 table shows their subdivisions). */
export function methodCountries(pages: PageSource[]): string[] {
  return [...new Set(pages.flatMap((p) => (p.frontmatter.kind === 'payment-method' && p.frontmatter.method.countries !== 'worldwide' ? p.frontmatter.method.countries : [])))].sort();
}
