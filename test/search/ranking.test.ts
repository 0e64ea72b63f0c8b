/**
 * Ranking over a real index (pipeline stage → shards → the worker's engine):
 * tiers, fields, typos, stems, identifiers, grouping, contexts.
 */
import { describe, expect, it } from 'vitest';
import { page, searchable } from './helpers.ts';
import { suggestions } from '../../reader/search/suggestions.ts';

describe('ranking tiers', () => {
  it('exact before prefix before fuzzy', () => {
    const s = searchable([
      page('/services/cart', 'Cart'),
      page('/services/cardholder', 'Cardholder'),
      page('/services/card', 'Card'),
    ]);
    expect(s.routes('card')).toEqual(['/services/card', '/services/cardholder', '/services/cart']);
  });

  it('page title > heading > keywords > description > prose > code', () => {
    const s = searchable([
      page('/f/code', 'Six', { sections: [['', '', 'nothing here', 'zebra = 1']] }),
      page('/f/prose', 'Five', { sections: [['', '', 'a zebra in the text']] }),
      page('/f/description', 'Four', { description: 'About the zebra.' }),
      page('/f/keywords', 'Three', { keywords: ['zebra'] }),
      page('/f/heading', 'Two', { sections: [['zebra', 'Zebra', 'text']] }),
      page('/f/title', 'Zebra'),
    ]);
    expect(s.routes('zebra')).toEqual([
      '/f/title',
      '/f/heading',
      '/f/keywords',
      '/f/description',
      '/f/prose',
      '/f/code',
    ]);
  });

  it('inflected forms match as the same word (Snowball stems)', () => {
    const s = searchable([
      page('/a', 'Transactions'),
      page('/b', 'Other', { sections: [['', '', 'one transaction']] }),
    ]);
    expect(s.routes('transaction')).toEqual(['/a', '/b']);
    expect(s.search('transaction')[0].hits[0].marks).toEqual(['transactions']);
  });
});

describe('one query after another', () => {
  it("answers the same after a query without words (the tables' arrays pass from query to query)", () => {
    const pages = [page('/a', 'Alpha signature'), page('/b', 'Beta', { sections: [['', '', 'A signature here.']] })];
    const fresh = searchable(pages).routes('signature');
    const s = searchable(pages);
    expect(s.routes('/')).toEqual([]);
    expect(s.routes('signature')).toEqual(fresh);
    expect(fresh).toEqual(['/a', '/b']);
  });
});

describe('typos (fuzzy up to 2)', () => {
  const s = searchable([
    page('/services/settlepay', 'SettlePay', { sections: [['', '', 'Ukrainian cards.']] }),
    page('/api/v2/transaction/create', 'Create a transaction'),
    page('/reference/transaction_statuses', 'Transaction statuses'),
    page('/cabinet/balances', 'Balances'),
  ]);

  it('finds SettlePay for "setlepay" and transaction pages for "tranzaction", marking the real word', () => {
    expect(s.routes('setlepay')).toEqual(['/services/settlepay']);
    expect(s.routes('tranzaction').sort()).toEqual(['/api/v2/transaction/create', '/reference/transaction_statuses']);
    expect(s.search('tranzaction')[0].hits[0]).toMatchObject({ typos: 1, marks: ['transaction'] });
  });

  it('allows two typos in a long word, not three; none in a word of three letters', () => {
    expect(s.routes('trnzaction')).toContain('/api/v2/transaction/create');
    expect(s.routes('trnzactoon')).toEqual([]);
    expect(s.routes('balanses')).toEqual(['/cabinet/balances']);
    expect(s.routes('bal')).toEqual(['/cabinet/balances']); // prefix
    expect(s.routes('bxl')).toEqual([]);
  });

  it('ranks exact and prefix hits above typo hits', () => {
    const t = searchable([
      page('/typo', 'Sigmature'),
      page('/code', 'Other', { sections: [['', '', 'see below', 'verify(signature)']] }),
    ]);
    // An exact word in code outranks a typo in a title.
    expect(t.routes('signature')).toEqual(['/code', '/typo']);
    expect(t.search('signature').map((p) => p.typos)).toEqual([0, 1]);
    // A typo in the first letter is not corrected (as Meilisearch and Elasticsearch's prefix_length).
    expect(t.routes('xignature')).toEqual([]);
  });
});

describe('Russian', () => {
  const s = searchable([
    page('/', 'Fixture home', { sections: [['', '', 'The gateway accepts payments.']] }),
    page('/introduction', 'Introduction'),
  ]);

  it('finds the home page by the tagline and its inflected forms', () => {
    for (const q of [
      'Документация платёжного шлюза',
      'документацию',
      'платёжный шлюз',
      'платежный',
      'платежи',
      'выплата',
      'кабинета мерчанта',
      'приём',
    ]) {
      expect(s.routes(q), q).toEqual(['/']);
    }
    expect(s.search('платёжный шлюз')[0].hits[0].marks).toEqual(expect.arrayContaining(['шлюза']));
  });
});

describe('identifiers', () => {
  const s = searchable([
    page('/api/v2/account/wallet-transfers', 'Transfer between wallets', {
      sections: [
        ['', '', 'POST /api/v2/account/wallet-transfers moves money.'],
        ['params', 'Parameters', 'Send payment_method with the request.', '{"payment_method": "card", "3ds": true}'],
      ],
    }),
    page('/cabinet/wallets', 'Wallet transfers in the cabinet', {
      sections: [['', '', 'Move money between wallets.']],
    }),
    page('/services/cards', 'Cards', { sections: [['three-d-secure', '3DS', 'Cards ask for 3DS.']] }),
    page('/api/v2/transaction/create', 'Create a transaction', {
      sections: [['', '', 'Call /api/v2/transaction/create to start.']],
    }),
  ]);

  it('finds the whole token first, then pages with its pieces', () => {
    expect(s.routes('wallet-transfers')).toEqual(['/api/v2/account/wallet-transfers', '/cabinet/wallets']);
    expect(s.routes('payment_method')).toEqual(['/api/v2/account/wallet-transfers']);
    expect(s.search('payment_method')[0].hits[0]).toMatchObject({ h: 'params', marks: ['payment_method'] });
  });

  it('finds the pieces on their own', () => {
    expect(s.routes('transfers')).toContain('/api/v2/account/wallet-transfers');
    expect(s.routes('method')).toEqual(['/api/v2/account/wallet-transfers']);
  });

  it('finds a route typed with its slash, and 3ds in headings and code', () => {
    expect(s.routes('/api/v2/transaction/create')[0]).toBe('/api/v2/transaction/create');
    expect(s.routes('3ds')).toEqual(['/services/cards', '/api/v2/account/wallet-transfers']);
  });
});

describe('results', () => {
  it("group a page's hits under it, so one page does not flood the list", () => {
    const many = Array.from(
      { length: 12 },
      (_, i) => [`webhook-${i}`, `Webhook ${i}`, 'text'] as [string, string, string],
    );
    const s = searchable([
      page('/callbacks', 'Callbacks', { sections: many }),
      page('/a', 'Webhook'),
      page('/b', 'Other', { sections: [['', '', 'a webhook']] }),
    ]);
    const pages = s.search('webhook');
    expect(pages.map((p) => p.route)).toEqual(['/a', '/callbacks', '/b']);
    expect(pages[1].hits.length).toBeLessThanOrEqual(5);
    // The dropdown: each page once, then a second hit of a page while there is room.
    expect(suggestions(pages, 8).map((h) => h.u + (h.h ? `#${h.h}` : ''))).toEqual([
      '/a',
      '/callbacks#webhook-0',
      '/callbacks#webhook-1',
      '/b',
    ]);
  });

  it('rank pages matching every word first, then those matching fewer (all > most > some)', () => {
    const s = searchable([
      page('/a', 'Create a payout'),
      page('/b', 'Create a transaction'),
      page('/c', 'Transaction statuses'),
    ]);
    expect(s.routes('create transaction')[0]).toBe('/b');
    expect(s.routes('create transaction').slice(1).sort()).toEqual(['/a', '/c']);
    expect(s.routes('create zzzz').sort()).toEqual(['/a', '/b']);
  });

  it('carry the label of the route and the page title and breadcrumbs', () => {
    const s = searchable([
      page('/api/v2/transaction/create', 'Create a transaction', {
        sections: [['errors', 'Errors', 'invalid signature']],
      }),
    ]);
    const [result] = s.search('signature');
    expect(result).toMatchObject({
      route: '/api/v2/transaction/create',
      title: 'Create a transaction',
      label: 'API Reference',
      context: 'api-v2',
    });
    expect(result.hits[0]).toMatchObject({
      u: '/api/v2/transaction/create',
      h: 'errors',
      t: 'Errors',
      s: 'Create a transaction',
      b: ['api', 'v2', 'transaction', 'create'],
    });
  });
});

describe('search contexts', () => {
  const s = searchable([
    page('/api/v2/transaction/create', 'Create a transaction', { sections: [['', '', 'sandbox keys']] }),
    page('/api/v1/transaction/create', 'Create a transaction (v1)', { sections: [['', '', 'sandbox keys']] }),
    page('/services/pix', 'PIX', { sections: [['sandbox', 'Sandbox', 'test']] }),
  ]);

  it("rank the current page's context first", () => {
    expect(s.routes('sandbox')[0]).toBe('/services/pix'); // heading beats body
    expect(s.routes('sandbox', { prefer: 'api-v1' })[0]).toBe('/api/v1/transaction/create');
  });

  it('limit results to a context, or to everything outside it', () => {
    expect(s.routes('sandbox', { scope: { context: 'api-v2' } })).toEqual(['/api/v2/transaction/create']);
    expect(s.routes('sandbox', { scope: { context: 'api-v2', outside: true } }).sort()).toEqual([
      '/api/v1/transaction/create',
      '/services/pix',
    ]);
  });
});

describe('questions', () => {
  const pages = [
    page('/cabinet/control/point_settings', 'Point settings', {
      sections: [['secret-keys', 'Secret keys', 'Reveal and rotate the secret key of a point.']],
    }),
    page('/introduction', 'Introduction', {
      sections: [['', '', 'How do I start? What is a point? Where is the sandbox? Why do I need a key?']],
    }),
    page('/callbacks', 'Callbacks', {
      keywords: ['notification'],
      sections: [['', '', 'The gateway posts a status change to your server.']],
    }),
    page('/reference/api_error_codes', 'API error codes', { sections: [['', '', 'Every error the API returns.']] }),
    page('/api/v2/transaction/create', 'Create a transaction', {
      sections: [['errors', 'Errors', 'invalid_signature means the signature is wrong.']],
    }),
  ];

  it('drop stop words (en, ru) and rank by the telling words: rare words weigh more', () => {
    const s = searchable(pages);
    expect(s.routes('how do I get my secret key')[0]).toBe('/cabinet/control/point_settings');
    expect(s.search('how do I get my secret key')[0].hits[0].h).toBe('secret-keys');
    expect(s.routes('где мой secret key')[0]).toBe('/cabinet/control/point_settings');
    // A query of stop words only still searches them.
    expect(s.routes('how')).toEqual(['/introduction']);
  });

  it("find a word's synonyms from the content's table, a little below the word itself", () => {
    const s = searchable(pages, undefined, [['webhook', 'callback', 'notification']]);
    expect(s.routes('webhook')[0]).toBe('/callbacks');
    expect(s.routes('webhooks')[0]).toBe('/callbacks'); // by stem too
    expect(searchable(pages).routes('webhook')).toEqual([]);
  });

  it("rank the page that defines a term first, at the term's anchor", () => {
    const defining = pages.map((p) =>
      p.route === '/reference/api_error_codes'
        ? {
            ...p,
            defines: [
              {
                id: 'invalid_signature',
                term: 'invalid_signature',
                also: '1002',
                text: 'The signature does not match the request.',
              },
            ],
          }
        : p,
    );
    const s = searchable(defining);
    const [first] = s.search('invalid_signature');
    expect(first.route).toBe('/reference/api_error_codes');
    expect(first.hits[0]).toMatchObject({ h: 'invalid_signature', t: 'invalid_signature' });
    expect(s.search('1002')[0].hits[0].h).toBe('invalid_signature');
  });

  it('a question\'s frame words ("how do X work", "where do I find") add evidence but are not required', () => {
    const frame = [
      page('/callbacks', 'Callbacks', {
        keywords: ['webhook'],
        sections: [['', '', 'The gateway posts each status change to your server.']],
      }),
      page('/services/interac/payout', 'Interac payout', {
        sections: [['how-it-works', 'How it works', 'The payout reaches the bank; a webhook follows.']],
      }),
    ];
    const s = searchable(frame);
    // "work" is in the payout page only: it must not outrank the page about webhooks.
    expect(s.routes('how do webhooks work')[0]).toBe('/callbacks');
    expect(s.search('how do webhooks work')[0].coverage).toBe(1);
    // Alone, a frame word is the subject.
    expect(s.routes('works')).toEqual(['/services/interac/payout']);
  });

  it("a title made of just the query's words ranks above a longer title (exactness)", () => {
    const s = searchable([
      page('/api/v2/account/wallet-transfers', 'Wallet transfers', {
        sections: [['idempotency-and-retries', 'Idempotency and retries', 'Send the same key again.']],
      }),
      page('/introduction', 'Introduction', { sections: [['idempotency', 'Idempotency', 'Send the same key again.']] }),
    ]);
    expect(s.routes('idempotency')).toEqual(['/introduction', '/api/v2/account/wallet-transfers']);
    // Both words of a two-word title: a full match again.
    expect(s.search('idempotency retries')[0].route).toBe('/api/v2/account/wallet-transfers');
  });

  it('a keyword phrase no longer than the query names what the page is about', () => {
    const s = searchable([
      page('/services/nigeria', 'Nigeria', { keywords: ['pending settlement window'] }),
      page('/cabinet/balances', 'Balances', { keywords: ['settlement'] }),
    ]);
    expect(s.routes('settlement')).toEqual(['/cabinet/balances', '/services/nigeria']);
  });

  it('a synonym may be a phrase: "pay out" finds payouts, "api key" the secret key', () => {
    const phrasePages = [
      page('/services/card_payout', 'Card payouts', { sections: [['', '', 'Send money to a card.']] }),
      page('/cabinet/control/point_settings', 'Point settings', {
        sections: [['secret-keys', 'Secret keys', 'Rotate the secret key here.']],
      }),
      page('/services/acquiring', 'Card payments', {
        sections: [['', '', 'The customer can pay with a card and you ship it out.']],
      }),
    ];
    const groups = [
      ['payout', 'pay out', 'withdrawal'],
      ['secret key', 'api key'],
    ];
    const s = searchable(phrasePages, undefined, groups);
    expect(s.routes('how do I pay out to a card')[0]).toBe('/services/card_payout');
    expect(s.routes('api key')).toEqual(['/cabinet/control/point_settings']);
    expect(s.search('api key')[0].hits[0].marks).toEqual(expect.arrayContaining(['secret', 'key']));
    // Without the table, "api key" is two words: the page has one of them, and "secret" is not marked.
    expect(searchable(phrasePages).search('api key')[0].hits[0].marks).not.toContain('secret');
  });

  it("a heading that many pages carry (a template's section) ranks below the page about its subject", () => {
    // Every payment-method page carries "Response and callback" and "Statuses and callbacks",
    // and mentions callbacks in most sections: 113 of them crowded /callbacks out of "how do webhooks work".
    const methods = Array.from({ length: 12 }, (_, i) =>
      page(`/services/method_${i}`, `Method ${i}`, {
        sections: [
          ['', '', 'Pay with method.'],
          ['how-it-works', 'How it works', 'The customer pays in the app.'],
          ['response-and-callback', 'Response and callback', 'The response carries the status; a callback follows.'],
          ['statuses-and-callbacks', 'Statuses and callbacks', 'Each status change sends a callback.'],
          ['testing', 'Testing', 'Sandbox callbacks arrive within seconds.'],
          ['errors', 'Errors', 'A callback that fails is sent again.'],
          ['refunds', 'Refunds', 'A refund sends its own callback.'],
          ['limits', 'Limits', 'Callbacks are not limited.'],
          ['going-live', 'Going live', 'Set the callback address in the cabinet.'],
        ],
      }),
    );
    const others = Array.from({ length: 60 }, (_, i) =>
      page(`/guides/guide_${i}`, `Guide ${i}`, { sections: [['', '', 'Other things.']] }),
    );
    const subject = page('/callbacks', 'Callbacks', {
      sections: [
        ['', '', 'We notify your server of every status change.'],
        ['verifying', 'Verifying the signature', 'Check the header.'],
        ['retries', 'Retries', 'We try again for a day.'],
      ],
    });
    const s = searchable([...methods, ...others, subject], undefined, [['webhook', 'callback']]);
    expect(s.routes('how do webhooks work')[0]).toBe('/callbacks');
    expect(s.routes('callback')[0]).toBe('/callbacks');
    // The template's section is still found by its words, and is the hit.
    expect(
      s
        .routes('response and callback')
        .slice(0, 12)
        .every((r) => r.startsWith('/services/method_')),
    ).toBe(true);
    expect(s.search('response and callback')[0].hits[0].t).toBe('Response and callback');
  });
});
