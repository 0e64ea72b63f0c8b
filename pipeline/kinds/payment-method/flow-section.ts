/**
 * payment-method → hast: the "Response and callback" section — the method's flow drawn as
 * a sequence diagram (./flow-figure.ts), the generated create response and callbacks
 * (./flow.ts) as JSON blocks, and the provider's return codes as a table. Placed at the
 * page's `::method-flow` placeholder, or at the end of the page when it has none. A check
 * that creates no transaction gets its flow alone.
 */
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import type { LoadedData } from '../../../schema/data.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { codeBlock } from '../../compile/code.ts';
import { flowExamples, returnCodesOf } from './flow.ts';
import { codeText } from './flow-figure.ts';

/**
 * Pages the section links to. Not reported to the link check (a site without them still builds):
 * test/content/fields.test.ts checks the real site has them.
 */
export const FLOW_LINKS = {
  create: '/api/v2/transaction/create',
  callbacks: '/callbacks',
  reasons: '/reference/failure_reason_codes',
} as const;

const INTEGRATION_TEXT = {
  hpp: 'the hosted payment page (`integration: hpp`)',
  h2h: 'host-to-host (`integration: h2h`)',
  widget: 'the widget (created as `integration: hpp`: the component loads `payment_url`)',
} as const;
const link = (href: string, text: string) => h('a', { href }, h('code', text));
const json = (value: unknown, title: string) => codeBlock(JSON.stringify(value, null, 2), 'json', title);

export function methodFlowSection(
  m: PaymentMethod,
  data: LoadedData,
  paymentPage: string,
  id: (wanted: string) => string,
  figure: Element,
): ElementContent[] {
  if (!m.flow.transaction) return [figure];
  const ex = flowExamples(m, data, paymentPage);
  const createRoute = FLOW_LINKS.create;
  const type = (ex.response.data as Record<string, unknown>).next_action as { type?: string } | undefined;
  const out: ElementContent[] = [
    h('h2', { id: id('response-and-callback') }, 'Response and callback'),
    h(
      'p',
      [
        "Generated from this page's data sheet and the API definitions. With ",
        ...codeText(INTEGRATION_TEXT[ex.integration]),
        ', ',
        link(createRoute, 'transaction/create'),
        ' answers with status ',
        h('code', String((ex.response.data as Record<string, unknown>).status)),
        type?.type ? [' and a ', h('code', 'next_action'), ' of type ', h('code', type.type)] : ' and no next_action',
        '. Ids, times and the amount are examples.',
        ...(ex.integration !== 'hpp' && m.integration.includes('hpp')
          ? [
              ' With ',
              h('code', 'integration: hpp'),
              ' the status is ',
              h('code', 'created'),
              ' and ',
              h('code', 'next_action'),
              ' is a ',
              h('code', 'redirect'),
              ' to ',
              h('code', 'payment_url'),
              ', the hosted page.',
            ]
          : []),
      ].flat(),
    ),
    figure,
    json(ex.response, 'transaction/create response'),
    h('p', [
      'Then a ',
      h('a', { href: FLOW_LINKS.callbacks }, 'callback'),
      ' (v2, JSON) arrives at every status change. ',
      ex.callbacks.length > 1 ? 'Success and failure look like this:' : 'The one for success looks like this:',
    ]),
    ...ex.callbacks.map((c) => json(c.body, `callback: ${c.status}`)),
  ];
  out.push(...returnCodesPart(m, data, id));
  return out;
}

/** The provider's result codes and the failure reasons they become, when the data sheet has them. */
function returnCodesPart(m: PaymentMethod, data: LoadedData, id: (wanted: string) => string): ElementContent[] {
  const codes = returnCodesOf(m, data);
  if (!codes) return [];
  return [
    h('h3', { id: id('provider-result-codes') }, 'Provider result codes'),
    h('p', [
      "How the provider's codes become ",
      h('code', 'failure_reason'),
      '; ',
      h('code', 'failure_message'),
      ' repeats the code and its text.',
      ...(m.return_codes === 'iso8583' ? [' Codes not listed become ', h('code', 'card_declined'), '.'] : []),
    ]),
    h(
      'div.table-wrap',
      h('table.method-return-codes', [
        h('thead', h('tr', [h('th', codes.label), h('th', 'Meaning'), h('th', 'failure_reason')])),
        h(
          'tbody',
          codes.codes.map((c) =>
            h('tr', [
              h('td', h('code', c.code)),
              h('td', c.meaning),
              h('td', h('a', { href: `${FLOW_LINKS.reasons}#${c.failure_reason}` }, h('code', c.failure_reason))),
            ]),
          ),
        ),
      ]),
    ),
  ];
}
