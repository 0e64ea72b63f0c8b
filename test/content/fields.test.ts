/**
 * Fields the method pages promise in callbacks and transaction/find are defined in the
 * shared definitions (the callbacks page table, transaction/find v1 and v2), which say
 * which methods fill them (issue 16, "Rely on the fields the prose promises").
 */
import { describe, expect, it } from 'vitest';
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { loadSiteModel, pagesOf, sentences } from './site-model.ts';

const site = await loadSiteModel();
const ops = pagesOf(site, 'api-operation');
const names = (fields: ApiField[], out = new Map<string, ApiField>()) => {
  for (const f of fields) { out.set(f.name, f); if (f.fields) names(f.fields, out); }
  return out;
};
const response = (route: string) => names(ops.find((p) => p.route === route)!.frontmatter.api.response);
const request = (route: string) => names(ops.find((p) => p.route === route)!.frontmatter.api.request);
const callbacksBody = site.pages.find((p) => p.route === '/callbacks')!.body;
const callbackFields = new Set([...callbacksBody.matchAll(/^\| `([a-z_]+)`(?:, `([a-z_]+)`)?/gm)].flatMap((m) => [m[1], m[2]]).filter(Boolean));
const findV1 = response('/api/v1/transaction/find');
const findV2 = response('/api/v2/transaction/find');

/** Which method pages fill each promised field, and the words its definition must use for them. */
const FILLED_BY: Record<string, Record<string, RegExp>> = {
  provider_reference: { '/services/kenya/': /Kenya M-Pesa/, '/services/nigeria/payout': /Nigeria payout/, '/services/pse': /PSE/, '/services/moneygram': /MoneyGram/ },
  beneficiary_name: { '/services/kenya/payout': /Kenya/, '/services/ghana/payout': /Ghana/, '/services/nigeria/payout': /Nigeria/, '/services/upi/payout': /UPI/, '/services/mobile_commerce/ugx_payout': /Uganda/ },
};

describe('fields promised by method pages', () => {
  it('provider_reference, beneficiary_name and failure_message are defined in callbacks and in find v1 and v2', () => {
    for (const name of ['provider_reference', 'beneficiary_name', 'failure_message']) {
      expect(callbackFields.has(name), `callbacks: ${name}`).toBe(true);
      expect(findV1.get(name)?.type, `find v1: ${name}`).toBe('string');
      expect(findV2.get(name)?.type, `find v2: ${name}`).toBe('string');
    }
    expect(response('/api/v2/transaction/create').get('provider_reference')?.description).toMatch(/PSE/);
  });

  it('each definition names every method whose page promises the field', () => {
    for (const [field, pages] of Object.entries(FILLED_BY)) {
      const promising = pagesOf(site, 'payment-method').filter((p) => p.body.includes(`\`${field}\``)).map((p) => p.route);
      for (const route of promising) expect(Object.keys(pages).some((prefix) => route.startsWith(prefix)), `${route} promises ${field}`).toBe(true);
      for (const words of Object.values(pages)) {
        expect(findV2.get(field)!.description).toMatch(words);
        expect(findV1.get(field)!.description).toMatch(words);
        expect(callbacksBody.split('\n').find((l) => l.startsWith(`| \`${field}\``))).toMatch(words);
      }
    }
  });

  it('every field a method page says comes in a callback or transaction/find is defined there', () => {
    // A field another call returns (p2p/confirm's match_deadline) is defined too.
    const known = new Set([...callbackFields, ...request('/api/v2/transaction/create').keys(), ...ops.flatMap((p) => [...names(p.frontmatter.api.response).keys()])]);
    const missing: string[] = [];
    for (const p of pagesOf(site, 'payment-method')) {
      for (const s of sentences(p.body)) {
        if (!/callback|transaction\/find/.test(s)) continue;
        for (const m of s.matchAll(/`([a-z]+_[a-z_]+)`/g)) if (!known.has(m[1])) missing.push(`${p.route}: ${m[1]}`);
        // Members of objects (`crypto.tx_hash`) are defined in find v2's nested fields and the callbacks table.
        for (const m of s.matchAll(/`([a-z_]+)\.([a-z_]+)`/g)) {
          const parent = findV2.get(m[1]);
          if (parent?.fields && !parent.fields.some((f) => f.name === m[2])) missing.push(`${p.route}: ${m[1]}.${m[2]}`);
          if (!parent && !known.has(m[1]) && /callback/.test(s)) missing.push(`${p.route}: ${m[1]}.${m[2]}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
