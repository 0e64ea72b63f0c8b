/**
 * payment-method → hast: how a refund of the method is made and what its callback carries,
 * printed from content/data/refunds.yaml (the row of the data sheet's `refunds` value) and the
 * definitions of the statuses and callback fields it names, at the page's `::refunds`
 * placeholder. A page adds only what is the method's own (deadlines, how long the money takes).
 */
import { h } from 'hastscript';
import type { ElementContent } from 'hast';
import type { LoadedData } from '../../../schema/data.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { inline } from '../../../schema/inline.ts';

/**
 * Pages the part links to, besides the ones in the data file's text. Not reported to the link check
 * (a site without them still builds), as the flow section's: test/content/facts-once.test.ts checks
 * the real site has them.
 */
export const REFUND_LINKS = { statuses: '/reference/transaction_statuses', callbacks: '/callbacks' } as const;

export const refundRuleOf = (m: PaymentMethod, data: LoadedData) =>
  m.refunds === 'none' ? undefined : data.refunds.find((r) => r.refunds === m.refunds);

export function refundSection(m: PaymentMethod, data: LoadedData, onLink?: (url: string) => void): ElementContent[] {
  const rule = refundRuleOf(m, data);
  if (!rule) return [];
  const statuses = rule.statuses.map((code) => {
    const def = data.transaction_statuses.find((s) => s.code === code);
    return h('li', [
      h('code', 'status'),
      ' ',
      h('a', { href: `${REFUND_LINKS.statuses}#${code}` }, h('code', code)),
      def ? `: ${def.description}` : '',
    ]);
  });
  const fields = rule.fields.map((name) => {
    const def = data.transaction_fields.find((f) => f.name === name);
    return h('li', [h('code', name), def ? ': ' : '', ...(def ? inline(def.description, onLink) : [])]);
  });
  return [
    h('p', [h('strong', 'How to refund.'), ' ', ...inline(rule.how, onLink)]),
    h('p', ['Each refund sends a ', h('a', { href: REFUND_LINKS.callbacks }, 'callback'), ' with:']),
    h('ul', [...statuses, ...fields]),
  ];
}
