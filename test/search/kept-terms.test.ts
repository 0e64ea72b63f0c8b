/**
 * The index keeps each page's terms (tokenizing is most of its time) and each words
 * shard (stemming and encoding its posting lists): with what is unchanged taken from the
 * keeper, one page changed is tokenized alone, only the shards its words are in are
 * encoded again, and the shards are the same bytes as an index built from scratch.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../search/index/index.ts';
import type { Keep } from '../../pipeline/incremental/memo.ts';
import { config, page } from './helpers.ts';

const pages = [
  page('/', 'Home', {
    description: 'Payment gateway docs',
    sections: [
      ['', '', 'Accept payments'],
      ['start', 'Start', 'Create a payment_method'],
    ],
  }),
  page('/api/v2/transaction/create', 'Create a transaction', {
    keywords: ['create'],
    sections: [
      ['', '', 'POST /v2/transaction/create'],
      ['request', 'Request', 'amount currency', 'curl -X POST'],
    ],
  }),
  page('/services/pix/payin', 'PIX payin', {
    sections: [
      ['', '', 'Instant BRL payments'],
      ['flow', 'Flow', 'QR code, copia e cola'],
    ],
  }),
];
/** Words shards of a few words each, so a change touches some and not others. */
const budget = { words: 40, docs: 5 * 1024 };

function keeper() {
  const kept = new Map<string, unknown>();
  const computed = new Map<string, number>();
  const keep: Keep = (stage, parts, compute) => {
    const key = `${stage}\0${parts.map((p) => JSON.stringify(p)).join('\0')}`;
    if (!kept.has(key)) {
      computed.set(stage, (computed.get(stage) ?? 0) + 1);
      kept.set(key, compute());
    }
    return kept.get(key) as ReturnType<typeof compute>;
  };
  return { keep, computed: (stage: string) => computed.get(stage) ?? 0 };
}

describe('kept search terms and words shards', () => {
  it('tokenizes only changed pages, encodes only the shards it touches, and builds the same shards', () => {
    const { keep, computed } = keeper();
    const first = buildSearchIndex(pages, config, { keep, budget });
    expect(first.files).toEqual(buildSearchIndex(pages, config, { budget }).files);
    expect(computed('index-terms')).toBe(3);
    const shards = computed('index-words');
    expect(shards).toBe(first.shards.words.length);
    expect(shards).toBeGreaterThan(4);

    const changed = pages.map((p, i) =>
      i === 2
        ? {
            ...p,
            sections: [
              ...p.sections,
              { id: 'limits', title: 'Limits', depth: 2, text: 'Zyxwv limits apply', code: '' },
            ],
          }
        : p,
    );
    const again = buildSearchIndex(changed, config, { keep, budget });
    expect(computed('index-terms')).toBe(4);
    expect(again.files).toEqual(buildSearchIndex(changed, config, { budget }).files);
    expect([...again.files.values()].some((json) => json.includes('zyxwv'))).toBe(true);
    // Encoded again: the shards holding the new words, and those whose words the page's new doc is in.
    const encodedAgain = computed('index-words') - shards;
    expect(encodedAgain).toBeGreaterThan(0);
    expect(encodedAgain).toBeLessThan(again.shards.words.length);
  });

  it("with page keys, keeps a page's terms by key; retokenizes all when repeated headings change", () => {
    // Twelve pages; eleven of them share a "Limits" heading once one more page has it (REPEATED_HEADING_PAGES = 10).
    const many = Array.from({ length: 12 }, (_, i) =>
      page(`/services/m${i}/payin`, `Method ${i}`, {
        sections: [
          ['', '', `Method ${i} intro`],
          ...(i < 9 ? [['limits', 'Limits', `Limits of method ${i}`] as [string, string, string]] : []),
        ],
      }),
    );
    const keyed = (list: typeof many) => list.map((p) => ({ ...p, key: JSON.stringify(p) }));
    const { keep, computed } = keeper();
    expect(buildSearchIndex(keyed(many), config, { keep }).files).toEqual(buildSearchIndex(many, config).files);
    expect(computed('index-terms')).toBe(12);

    const one = many.map((p, i) => (i === 11 ? { ...p, description: 'Instant payouts' } : p));
    expect(buildSearchIndex(keyed(one), config, { keep }).files).toEqual(buildSearchIndex(one, config).files);
    expect(computed('index-terms')).toBe(13);

    // The tenth "Limits" heading makes it a repeated heading: a heading's doc then counts it as prose on every page.
    const tenth = one.map((p, i) =>
      i === 9
        ? {
            ...p,
            sections: [
              ...p.sections,
              { id: 'limits', title: 'Limits', depth: 2, text: 'Limits of method 9', code: '' },
            ],
          }
        : p,
    );
    expect(buildSearchIndex(keyed(tenth), config, { keep }).files).toEqual(buildSearchIndex(tenth, config).files);
    expect(computed('index-terms')).toBe(13 + 12);
  });
});
