/**
 * The comparison table of a group's variants, from their frontmatter. Its column widths are
 * decided at build time, as a reference table's are (reference-table/column-widths.ts): with
 * automatic layout the header cells moved while the rows arrived (test/browser/layout-shift.test.ts).
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { cap, INTEGRATION_LABELS, limitsText, worldwide } from '../payment-method/card.ts';
import { columnWidths } from '../reference-table/column-widths.ts';

export interface Variant {
  route: string;
  title: string;
  method: PaymentMethod;
}

/** One column: its label, whether its cells are code, and each variant's text. */
const COLUMNS: { label: string; code?: boolean; text: (m: PaymentMethod) => string }[] = [
  { label: 'Variant', text: (m) => m.variant },
  { label: 'Direction', text: (m) => cap(m.direction) },
  { label: 'Integration', text: (m) => m.integration.map((i) => INTEGRATION_LABELS[i]).join(', ') },
  { label: 'Countries', text: (m) => (m.countries === 'worldwide' ? worldwide(m, (c) => c) : m.countries.join(', ')) },
  { label: 'Currencies', text: (m) => m.currencies.join(', ') },
  { label: 'Limits', text: (m) => limitsText(m) },
  { label: 'Settlement', text: (m) => m.settlement },
  { label: 'Status', text: (m) => cap(m.status) },
  { label: 'Service', code: true, text: (m) => m.service },
];

export function variantsTable(variants: Variant[]): Element {
  const rows = variants.map(({ route, method }) => ({ route, cells: COLUMNS.map((c) => c.text(method)) }));
  const widths = columnWidths(
    COLUMNS.map((c, i) => ({ label: c.label, code: c.code, cells: rows.map((r) => r.cells[i]) })),
  );
  return h(
    'div.table-wrap',
    h('table', { className: ['variants-table', 'fixed-columns', widths.table] }, [
      h(
        'colgroup',
        widths.columns.map((w) => h('col', { className: w?.split(' ') })),
      ),
      h(
        'thead',
        h(
          'tr',
          COLUMNS.map((c) => h('th', c.label)),
        ),
      ),
      h(
        'tbody',
        rows.map(({ route, cells }) =>
          h(
            'tr',
            cells.map((text, i) =>
              h('td', i === 0 ? h('a', { href: route }, text) : COLUMNS[i].code ? h('code', text) : text),
            ),
          ),
        ),
      ),
    ]),
  );
}
