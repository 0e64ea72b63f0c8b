/**
 * The index keeps each page's terms (tokenizing is most of its time): with the terms
 * of unchanged pages taken from the keeper, one page changed is tokenized alone, and
 * the shards are the same bytes as an index built from scratch.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../pipeline/search/build-index.ts';
import type { DocTerms } from '../../pipeline/search/vocabulary.ts';
import { config, page } from './helpers.ts';

const pages = [
  page('/', 'Home', { description: 'Payment gateway docs', sections: [['', '', 'Accept payments'], ['start', 'Start', 'Create a payment_method']] }),
  page('/api/v2/transaction/create', 'Create a transaction', { keywords: ['create'], sections: [['', '', 'POST /v2/transaction/create'], ['request', 'Request', 'amount currency', 'curl -X POST']] }),
  page('/services/pix/payin', 'PIX payin', { sections: [['', '', 'Instant BRL payments'], ['flow', 'Flow', 'QR code, copia e cola']] }),
];

describe('kept search terms', () => {
  it('tokenizes only the pages whose texts changed, and builds the same shards', () => {
    const kept = new Map<string, DocTerms[]>();
    let computed = 0;
    const keepTerms = (texts: string, compute: () => DocTerms[]) => {
      if (!kept.has(texts)) { computed++; kept.set(texts, compute()); }
      return kept.get(texts)!;
    };
    expect(buildSearchIndex(pages, config, { keepTerms }).files).toEqual(buildSearchIndex(pages, config).files);
    expect(computed).toBe(3);
    const changed = pages.map((p, i) => (i === 2 ? { ...p, sections: [...p.sections, { id: 'limits', title: 'Limits', depth: 2, text: 'Zyxwv limits apply', code: '' }] } : p));
    const again = buildSearchIndex(changed, config, { keepTerms });
    expect(computed).toBe(4);
    expect(again.files).toEqual(buildSearchIndex(changed, config).files);
    expect([...again.files.values()].some((json) => json.includes('zyxwv'))).toBe(true);
  });
});
