/**
 * payment-method → hast: the summary card above the prose, and the sandbox test
 * data table below it.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { inline } from '../../../schema/inline.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

export const INTEGRATION_LABELS = { hpp: 'Hosted payment page', h2h: 'Host-to-host', widget: 'Widget' } as const;
export const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

export const worldwide = (m: PaymentMethod, name: (c: string) => string) =>
  m.excluded_countries ? `Worldwide except ${m.excluded_countries.map(name).join(', ')}` : 'Worldwide';

export function countriesText(m: PaymentMethod): string {
  return m.countries === 'worldwide'
    ? worldwide(m, (c) => `${countryName(c)} (${c})`)
    : m.countries.map((c) => `${countryName(c)} (${c})`).join(', ');
}

export function limitsText(m: PaymentMethod): string {
  return m.limits.map((l) => `${l.currency} ${l.min} – ${l.max}`).join('; ');
}

export function methodCard(m: PaymentMethod): Element {
  const fact = (label: string, value: string | Element) => h('div.method-fact', [h('dt', label), h('dd', value)]);
  return h('div.method-card', [
    h('div.method-card-head', [
      h('span.method-card-name', m.name),
      h('span.badge.badge-direction', cap(m.direction)),
      h(`span.badge.badge-status-${m.status}`, cap(m.status)),
    ]),
    h('dl.method-facts', [
      fact('Service', h('code', m.service)),
      fact('Countries', countriesText(m)),
      fact('Currencies', m.currencies.join(', ')),
      fact('Integration', m.integration.map((i) => INTEGRATION_LABELS[i]).join(', ')),
      fact('Limits per transaction', limitsText(m)),
      fact(
        'Customer fields',
        m.customer_fields.length
          ? h(
              'span',
              m.customer_fields.flatMap((f, i) => [...(i ? [', '] : []), h('code', f)]),
            )
          : 'None beyond the common ones',
      ),
      fact('Capture', cap(m.capture)),
      fact('Refunds', m.refunds === 'none' ? 'Not supported' : m.refunds === 'full' ? 'Full' : 'Full and partial'),
      fact('Recurring', m.recurring ? 'Yes' : 'No'),
      fact('Disputes', m.disputes === 'none' ? 'None' : cap(m.disputes)),
      fact('Settlement', m.settlement),
      fact('Processing time', m.processing_time),
    ]),
  ]);
}

export function testDataTable(m: PaymentMethod, id: string, onLink?: (url: string) => void): Element[] {
  return [
    h('h2', { id }, 'Sandbox test data'),
    h(
      'div.table-wrap',
      h('table.method-test-data', [
        h('thead', h('tr', [h('th', 'Outcome'), h('th', 'Send'), h('th', 'Result')])),
        h(
          'tbody',
          m.test_data.map((t) =>
            h('tr', [
              h('td', h(`span.badge.badge-outcome-${t.outcome}`, cap(t.outcome))),
              h(
                'td',
                Object.entries(t.input).flatMap(([k, v], i) => [...(i ? [h('br')] : []), h('code', `${k}: ${v}`)]),
              ),
              h('td', inline(t.result, onLink)),
            ]),
          ),
        ),
      ]),
    ),
  ];
}
