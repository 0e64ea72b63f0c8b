/** The comparison table of a group's variants, from their frontmatter. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { cap, INTEGRATION_LABELS, limitsText, worldwide } from '../payment-method/card.ts';

export interface Variant {
  route: string;
  title: string;
  method: PaymentMethod;
}

export function variantsTable(variants: Variant[]): Element {
  return h(
    'div.table-wrap',
    h('table.variants-table', [
      h(
        'thead',
        h(
          'tr',
          [
            'Variant',
            'Direction',
            'Integration',
            'Countries',
            'Currencies',
            'Limits',
            'Settlement',
            'Status',
            'Service',
          ].map((t) => h('th', t)),
        ),
      ),
      h(
        'tbody',
        variants.map(({ route, method: m }) =>
          h('tr', [
            h('td', h('a', { href: route }, m.variant)),
            h('td', cap(m.direction)),
            h('td', m.integration.map((i) => INTEGRATION_LABELS[i]).join(', ')),
            h('td', m.countries === 'worldwide' ? worldwide(m, (c) => c) : m.countries.join(', ')),
            h('td', m.currencies.join(', ')),
            h('td', limitsText(m)),
            h('td', m.settlement),
            h('td', cap(m.status)),
            h('td', h('code', m.service)),
          ]),
        ),
      ),
    ]),
  );
}
