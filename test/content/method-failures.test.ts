/**
 * Every payment-method page whose method can fail shows a failed callback: its data sheet
 * gives a failure reason (a return code, or a failing sandbox test case's — test card,
 * sandbox value or declared `failure_reason`), and the page's generated callbacks
 * (pipeline/kinds/payment-method/flow.ts) show it.
 */
import { describe, expect, it } from 'vitest';
import { flowExamples } from '../../pipeline/kinds/payment-method/flow.ts';
import { loadSiteModel, pagesOf } from './site-model.ts';

const site = await loadSiteModel();
const methods = pagesOf(site, 'payment-method').filter((p) => p.frontmatter.method.flow.transaction);
const failedOf = (p: (typeof methods)[number]) => flowExamples(p.frontmatter.method, site.data, 'https://pay.sandbox.example').callbacks.find((c) => c.status === 'failed');

describe('failed callbacks on method pages', () => {
  it('every method page shows one, except a method that cannot fail', () => {
    const without = methods.filter((p) => !failedOf(p)).map((p) => p.route);
    // Multibanco: "cannot fail part-way: the customer either pays the exact amount or does not pay" (expired).
    expect(without).toEqual(['/services/portugal/multibanco']);
    expect(methods.length).toBeGreaterThan(100);
  });

  it('the failed callback\'s reason is the first failing test case\'s, where the method has no return codes', () => {
    const wrong: string[] = [];
    for (const p of methods) {
      const m = p.frontmatter.method;
      if (m.return_codes) continue;
      const first = m.test_data.find((t) => t.outcome === 'failure' && !t.error);
      const named = first?.result.match(/failure_reason (\w+)/)?.[1];
      const shown = failedOf(p)?.body.failure_reason;
      if (named && shown !== named) wrong.push(`${p.route}: shows ${String(shown)}, its first failing case says ${named}`);
    }
    expect(wrong).toEqual([]);
  });
});
