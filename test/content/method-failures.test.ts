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
const failedOf = (p: (typeof methods)[number]) =>
  flowExamples(p.frontmatter.method, site.data, 'https://pay.sandbox.example').callbacks.find(
    (c) => c.status === 'failed',
  );

describe('failed callbacks on method pages', () => {
  it('every method page shows one, except a method that cannot fail', () => {
    const without = methods.filter((p) => !failedOf(p)).map((p) => p.route);
    // Multibanco: "cannot fail part-way: the customer either pays the exact amount or does not pay" (expired).
    expect(without).toEqual(['/services/portugal/multibanco']);
    expect(methods.length).toBeGreaterThan(100);
  });

  it("the failed callback's reason is the first failing test case's, where the method has no return codes", () => {
    const wrong: string[] = [];
    for (const p of methods) {
      const m = p.frontmatter.method;
      if (m.return_codes) continue;
      const first = m.test_data.find((t) => t.outcome === 'failure' && !t.error);
      const named = first?.result.match(/failure_reason (\w+)/)?.[1];
      const shown = failedOf(p)?.body.failure_reason;
      if (named && shown !== named)
        wrong.push(`${p.route}: shows ${String(shown)}, its first failing case says ${named}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a failed callback carries only what the data sheet keeps for it, never a field that comes with success', () => {
    const always = new Set(
      site.data.transaction_fields
        .filter((f) => f.always)
        .map((f) => f.name)
        .concat(['failure_reason', 'failure_message']),
    );
    const wrong: string[] = [];
    for (const p of methods) {
      const failed = failedOf(p)?.body;
      if (!failed) continue;
      const extra = Object.keys(failed).filter((k) => !always.has(k));
      const kept = Object.keys(p.frontmatter.method.flow.failed_callback ?? {});
      if (extra.join() !== kept.filter((k) => k in failed).join() || extra.length !== kept.length)
        wrong.push(`${p.route}: ${extra.join()} (kept: ${kept.join()})`);
      // Defined as filled with success (content/data/transaction_fields.yaml): the payee's name, the paying wallet.
      for (const k of ['beneficiary_name', 'payer_account']) if (k in failed) wrong.push(`${p.route}: ${k}`);
      // An on-chain hash exists on failure only where the customer's
      // coins arrived (crypto payins screened after receipt).
      const crypto = failed.crypto as { tx_hash?: string } | undefined;
      if (crypto?.tx_hash && !['/services/crypto/tonkeeper', '/services/cryptofiat/payin'].includes(p.route))
        wrong.push(`${p.route}: crypto.tx_hash`);
    }
    expect(wrong).toEqual([]);
  });
});
