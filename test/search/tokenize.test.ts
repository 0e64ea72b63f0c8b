import { describe, expect, it } from 'vitest';
import {
  fold,
  identifierParts,
  indexable,
  queryWords,
  stem,
  tokens,
  fuzzyCandidate,
} from '../../search/format/tokenize.ts';
import {
  decodePostings,
  decodeStem,
  encodePostings,
  encodeStem,
  contextOf,
  labelOf,
  FIELD,
  withLengths,
} from '../../search/format/codec.ts';
import { config } from './helpers.ts';

describe('tokens as integrators type them', () => {
  it('folds case and ё, the same for text and queries', () => {
    expect(fold('Платёжного ШЛЮЗА')).toBe('платежного шлюза');
    expect(tokens('Приём ПЛАТЕЖЕЙ')).toEqual(['прием', 'платежей']);
  });

  it('keeps identifiers whole and in pieces', () => {
    expect(tokens('Send payment_method now')).toEqual(['send', 'payment_method', 'payment', 'method', 'now']);
    expect(identifierParts('wallet-transfers')).toEqual(['wallet-transfers', 'wallet', 'transfers']);
    expect(tokens('/api/v2/account/wallet-transfers')).toEqual([
      'api/v2/account/wallet-transfers',
      'api',
      'v2',
      'account',
      'wallet-transfers',
      'wallet',
      'transfers',
    ]);
    expect(tokens('3DS and 3ds_challenge')).toEqual(['3ds', 'and', '3ds_challenge', '3ds', 'challenge']);
  });

  it('splits a query into words, identifiers into their pieces', () => {
    expect(queryWords('Create  create transaction')).toEqual([
      { whole: 'create', pieces: [] },
      { whole: 'transaction', pieces: [] },
    ]);
    expect(queryWords('/api/v2/transaction/create')).toEqual([
      { whole: 'api/v2/transaction/create', pieces: ['api', 'v2', 'transaction', 'create'] },
    ]);
    expect(queryWords('payment_method')).toEqual([{ whole: 'payment_method', pieces: ['payment', 'method'] }]);
    expect(queryWords('  ')).toEqual([]);
  });

  it('stems English and Russian (Snowball), and leaves codes alone', () => {
    expect(stem('transactions')).toBe(stem('transaction'));
    expect(stem('payments')).toBe('payment');
    for (const form of ['документация', 'документацию', 'документации']) expect(stem(form)).toBe('документац');
    for (const form of ['шлюз', 'шлюза', 'шлюзом']) expect(stem(form)).toBe('шлюз');
    for (const form of ['выплаты', 'выплата', 'выплат']) expect(stem(form)).toBe('выплат');
    expect(stem(fold('платёжного'))).toBe('платежн');
    expect(stem('3ds')).toBe('3ds');
    expect(stem('payment_method')).toBe('payment_method');
  });

  it('leaves hashes and opaque ids out of the vocabulary; fuzzy matching is for letter words only', () => {
    expect(indexable('ebc011f44d68acfd4a9690c1e417df25')).toBe(false);
    expect(indexable('tr_01hv6zk3n4c8w9a7m3k5d2r')).toBe(true); // has a separator: its pieces are kept too
    expect(indexable('01hv6zk3n4c8w9a7m3k5d2rq')).toBe(false);
    expect(indexable('x'.repeat(49))).toBe(false);
    expect(indexable('3ds')).toBe(true);
    expect(fuzzyCandidate('settlepay')).toBe(true);
    expect(fuzzyCandidate('3ds')).toBe(false);
    expect(fuzzyCandidate('payment_method')).toBe(false);
  });
});

describe('the shard codec', () => {
  it('round-trips posting lists: ascending ids as deltas, with field bits', () => {
    const postings = { ids: [7, 0, 1234, 1235], values: [1, 3, 4, 2] };
    const encoded = encodePostings(postings);
    // 0*128+3, 7*128+1, (1234-7)*128+4, 1*128+2 in base 36; title and
    // keyword postings of unknown length count as one word (A, E)
    expect(encoded).toBe('3AE,oxA,3d6s,3mE');
    const back: [number, number][] = [];
    decodePostings(encoded, (id, bits) => back.push([id, bits]));
    expect(back).toEqual([
      [0, 3],
      [7, 1],
      [1234, 4],
      [1235, 2],
    ]);
  });

  it("carries the title's length after a title posting (A–D), the keyword phrase's after keywords (E–H)", () => {
    const postings = {
      ids: [0, 5, 6],
      values: [
        withLengths(FIELD.title | FIELD.keywords, { title: 1, keyword: 2 }),
        withLengths(FIELD.title, { title: 9 }),
        FIELD.prose,
      ],
    };
    const encoded = encodePostings(postings);
    expect(encoded).toBe('3AF,htD,40');
    const back: [number, number, number, number][] = [];
    decodePostings(encoded, (...entry) => back.push(entry));
    expect(back).toEqual([
      [0, 3, 1, 2],
      [5, 1, 4, 0],
      [6, 16, 0, 0],
    ]);
  });

  it('stores a stem relative to its word', () => {
    expect(encodeStem('payments', 'payment')).toBe('7');
    expect(encodeStem('gateway', 'gatewai')).toBe('6i');
    expect(encodeStem('pix', 'pix')).toBe('');
    for (const [w, s] of [
      ['payments', 'payment'],
      ['gateway', 'gatewai'],
      ['pix', 'pix'],
      ['платежного', 'платежн'],
    ])
      expect(decodeStem(w, encodeStem(w, s))).toBe(s);
  });

  it("knows each route's search context and result label from the site config", () => {
    expect(contextOf('/api/v2/transaction/create', config.search.contexts)).toBe('api-v2');
    expect(contextOf('/request_format', config.search.contexts)).toBe('api-v2');
    expect(contextOf('/request_format_v1', config.search.contexts)).toBe('api-v1');
    expect(contextOf('/invoicing', config.search.contexts)).toBe('invoicing');
    expect(contextOf('/introduction', config.search.contexts)).toBe('general');
    expect(labelOf('/api/v2/transaction/create', config.search.labels)).toBe('API Reference');
    expect(labelOf('/docs/api-reference/x', config.search.labels)).toBe('API Reference');
    expect(labelOf('/services/pix', config.search.labels)).toBe('Payment methods');
    expect(labelOf('/introduction', config.search.labels)).toBeUndefined();
  });
});
