/**
 * `paydocs mcp` over stdio on the real site, with the SDK's own Client: the tools and resources
 * it lists, every tool with good input and with bad input (a tool error that says what was
 * expected, and the nearest match where there is one), and a server that keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { engine, JUDGED } from '../../bench/search-judge.ts';
import { builtRealSite } from './real-site.ts';
import { call, connectStdio, resourceText, textOf, type Connected } from './helpers.ts';

let site: Awaited<ReturnType<typeof builtRealSite>>;
let mcp: Connected;

beforeAll(async () => {
  site = await builtRealSite();
  mcp = await connectStdio(site.dist);
}, 600_000);
afterAll(async () => {
  await mcp?.close();
  await site?.cleanup();
});

const TOOLS = [
  'search_docs',
  'get_page',
  'get_operation',
  'find_payment_methods',
  'lookup_code',
  'validate_identifier',
  'sign_request',
  'verify_callback',
];

/** A tool error whose message matches `pattern`. */
async function refuses(tool: string, args: Record<string, unknown>, pattern: RegExp) {
  const r = await call(mcp, tool, args);
  expect(r.isError, `${tool} ${JSON.stringify(args).slice(0, 80)}: ${textOf(r)}`).toBe(true);
  expect(textOf(r)).toMatch(pattern);
  expect(textOf(r)).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
}

describe('paydocs mcp over stdio', () => {
  it('lists every tool, each with an input schema, an output schema and a description', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.description!.length, t.name).toBeGreaterThan(80);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const kinds = tools.find((t) => t.name === 'lookup_code')!.inputSchema.properties!.kind as { enum: string[] };
    expect(kinds.enum).toEqual(['error', 'status', 'failure_reason', 'card_response']);
  });

  it('lists every page, llms.txt and the OpenAPI documents as resources, and reads them', async () => {
    const { resources } = await mcp.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('paydocs://page/');
    expect(uris).toContain('paydocs://page/callbacks');
    expect(uris).toContain('paydocs://page/api/v2/transaction/create');
    expect(uris).toEqual(expect.arrayContaining(['paydocs://llms.txt', 'paydocs://openapi/v2.json']));
    expect(uris.filter((u) => u.startsWith('paydocs://page/')).length).toBeGreaterThanOrEqual(270);
    const page = await mcp.client.readResource({ uri: 'paydocs://page/callbacks' });
    expect(resourceText(page)).toMatch(/^# Callbacks\n/);
    const openapi = await mcp.client.readResource({ uri: 'paydocs://openapi/v2.json' });
    expect(JSON.parse(resourceText(openapi)).openapi).toMatch(/^3\.1/);
    await expect(mcp.client.readResource({ uri: 'paydocs://page/servces/pix' })).rejects.toThrow(/services\/pix/);
  });

  it('search_docs: the pages of a topic with their section, snippet and route; bad queries refused', async () => {
    const r = await call(mcp, 'search_docs', { query: 'X-Signature header', limit: 5 });
    expect(r.isError).toBeFalsy();
    const results = r.structuredContent!.results as { route: string; snippet: string; url: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((x) => x.route)).toContain('/request_format');
    for (const x of results) expect(x.snippet.length).toBeGreaterThan(20);
    // A section's snippet is its text around the query's words, without Markdown.
    const sections = results.filter((x) => x.url.includes('#'));
    expect(sections.length).toBeGreaterThan(0);
    for (const x of sections) expect(x.snippet).toMatch(/signature|header/i);
    for (const x of results) expect(x.snippet).not.toMatch(/\]\(|`|\*\*/);
    // A term a table defines: its row.
    const term = await call(mcp, 'search_docs', { query: 'card_declined', limit: 3 });
    expect(term.structuredContent!.results[0]).toMatchObject({
      route: '/reference/failure_reason_codes',
      anchor: 'card_declined',
      snippet: expect.stringMatching(/^card_declined The issuing bank declined/),
    });
    const scoped = await call(mcp, 'search_docs', { query: 'create a transaction', context: 'api-v1', limit: 5 });
    for (const x of scoped.structuredContent!.results) expect(x.route).toMatch(/^\/(api\/v1\/|request_format_v1)/);
    await refuses('search_docs', { query: '' }, /Expected a query of a few words/);
    await refuses('search_docs', { query: '   ' }, /Expected a query/);
    await refuses('search_docs', { query: 'refund '.repeat(15_000) }, /at most 500 characters/);
    await refuses('search_docs', { query: 'refund', context: 'api-v3' }, /Expected context to be one of .*api-v2/);
  });

  it('get_page: a page, a section by #anchor, a URL of the site; unknown routes get the nearest', async () => {
    const page = await call(mcp, 'get_page', { route_or_url: '/request_format' });
    expect(page.structuredContent).toMatchObject({ route: '/request_format', title: 'Request format (API v2)' });
    expect(page.structuredContent!.markdown).toMatch(/^# Request format \(API v2\)/);
    expect(page.structuredContent!.breadcrumbs.length).toBeGreaterThan(0);
    expect(page.structuredContent!.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.structuredContent!.links).toContainEqual(
      expect.objectContaining({ href: '/response_format', internal: true }),
    );
    const section = await call(mcp, 'get_page', {
      route_or_url: 'https://docs.paydocs.example/request_format#signing-a-request',
    });
    const md = section.structuredContent!.markdown as string;
    expect(md).toMatch(/^## Signing a request\n/);
    expect(md).toContain('### Worked example');
    expect(md).not.toContain('## Idempotency');
    expect(section.structuredContent!.section).toEqual({ anchor: 'signing-a-request', heading: 'Signing a request' });
    const row = await call(mcp, 'get_page', { route_or_url: '/reference/transaction_statuses#failed' });
    expect(row.isError).toBeFalsy();
    const twin = await call(mcp, 'get_page', { route_or_url: 'https://docs.paydocs.example/callbacks.md' });
    expect(twin.structuredContent!.route).toBe('/callbacks');
    await refuses(
      'get_page',
      { route_or_url: '/servces/pix' },
      /No page has the route "\/servces\/pix".*\/services\/pix/,
    );
    await refuses('get_page', { route_or_url: 'https://[not a url' }, /not a valid URL/);
    await refuses('get_page', { route_or_url: 'https://example.com/callbacks' }, /Expected a URL of the site/);
    await refuses(
      'get_page',
      { route_or_url: '/request_format#signing-a-requets' },
      /Did you mean "signing-a-request"/,
    );
    await refuses('get_page', { route_or_url: '/x'.repeat(50_000) }, /at most 2048 characters/);
  });

  it('get_operation: method, path, auth, fields, errors and a sample from the site printers', async () => {
    const r = await call(mcp, 'get_operation', { name_or_path: 'transaction/create', language: 'python' });
    const op = r.structuredContent!;
    expect(op).toMatchObject({ method: 'POST', path: '/v2/transaction/create', version: 'v2', auth: 'signature' });
    expect(op.request).toContainEqual(
      expect.objectContaining({ name: 'payment_type', required: true, enum: ['payin', 'payout'] }),
    );
    expect(op.request.some((f: { name: string }) => f.name === 'customer.email')).toBe(true);
    expect(op.response.some((f: { name: string }) => f.name === 'data.transaction_id')).toBe(true);
    expect(op.errors).toContainEqual(expect.objectContaining({ code: 'invalid_signature', http_status: 401 }));
    expect(op.sample).toMatchObject({ language: 'python' });
    expect(op.sample.code).toContain('hmac');
    const v1 = await call(mcp, 'get_operation', { name_or_path: 'transaction/find', version: 'v1' });
    expect(v1.structuredContent).toMatchObject({ version: 'v1', path: '/v1/transaction/find' });
    const byRoute = await call(mcp, 'get_operation', { name_or_path: '/api/reports/v2/create' });
    expect(byRoute.structuredContent).toMatchObject({ path: '/v2/reports/create' });
    await refuses('get_operation', { name_or_path: 'transaction/creat' }, /Did you mean "transaction\/create"/);
    await refuses(
      'get_operation',
      { name_or_path: 'account/info', version: 'v3' },
      /Expected version to be one of v1, v2/,
    );
    await refuses('get_operation', { name_or_path: 'transaction/create', language: 'cobol' }, /language/);
  });

  it('find_payment_methods: the data sheets that fit; unknown countries and currencies refused', async () => {
    const r = await call(mcp, 'find_payment_methods', { country: 'Brazil', currency: 'brl', direction: 'payin' });
    const methods = r.structuredContent!.methods as { service: string; route: string; limits: unknown[] }[];
    expect(methods.map((m) => m.service)).toContain('pix_payin_brl');
    expect(methods.find((m) => m.service === 'pix_payin_brl')).toMatchObject({
      route: '/services/pix/payin',
      settlement: 'T+1',
      refunds: 'partial',
      limits: [{ currency: 'BRL', min: '1.00', max: '50000.00' }],
    });
    for (const m of r.structuredContent!.methods) expect(m.direction).toBe('payin');
    const none = await call(mcp, 'find_payment_methods', { currency: 'XAU' });
    expect(none.isError).toBeFalsy();
    expect(none.structuredContent!.count).toBe(0);
    await refuses('find_payment_methods', { country: 'Brazill' }, /Did you mean "Brazil"/);
    await refuses('find_payment_methods', { currency: 'XYZ' }, /ISO 4217/);
    await refuses('find_payment_methods', { integration: 'api' }, /hpp/);
  });

  it('lookup_code: every kind, with its meaning and the anchor that defines it', async () => {
    const cases = [
      ['error', 'invalid_signature', '/reference/api_error_codes#invalid_signature'],
      ['error', '1002', '/reference/api_error_codes#invalid_signature'],
      ['status', 'authorized', '/reference/transaction_statuses#authorized'],
      ['failure_reason', 'do_not_honor', '/reference/failure_reason_codes#do_not_honor'],
      ['card_response', '05', '/reference/failure_reason_codes#05'],
    ];
    for (const [kind, code, anchor] of cases) {
      const r = await call(mcp, 'lookup_code', { kind, code });
      expect(r.isError, `${kind} ${code}`).toBeFalsy();
      expect(`${r.structuredContent!.route}#${r.structuredContent!.anchor}`).toBe(anchor);
      expect(r.structuredContent!.meaning.length).toBeGreaterThan(5);
    }
    await refuses('lookup_code', { kind: 'status', code: 'sucess' }, /Did you mean "success"/);
    await refuses('lookup_code', { kind: 'failure_reason', code: '05' }, /is no failure reason/);
    await refuses(
      'lookup_code',
      { kind: 'statuss', code: 'success' },
      /Expected kind to be one of .*Did you mean "status"/,
    );
  });

  it('validate_identifier: valid examples of every kind, and why an invalid one fails (not an error)', async () => {
    const valid: Record<string, string> = {
      iban: 'DE89 3704 0044 0532 0130 00',
      clabe: '032180000118359719',
      cbu: '2850590940090418135201',
      cci: '00219100123456789053',
      cpf: '123.456.789-09',
      cnpj: '11.222.333/0001-81',
      card: '4242 4242 4242 4242',
      phone: '+55 11 98765-4321',
      tron: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      ton: 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2',
    };
    for (const [kind, value] of Object.entries(valid)) {
      const r = await call(mcp, 'validate_identifier', { kind, value });
      expect(r.structuredContent, `${kind} ${value}: ${textOf(r)}`).toMatchObject({ kind, valid: true });
    }
    const card = await call(mcp, 'validate_identifier', { kind: 'card', value: '4242424242424241' });
    expect(card.isError).toBeFalsy();
    expect(card.structuredContent).toMatchObject({ valid: false, reason: expect.stringContaining('would be 2') });
    const clabe = await call(mcp, 'validate_identifier', { kind: 'clabe', value: '03218000011835971' });
    expect(clabe.structuredContent).toMatchObject({ valid: false, reason: expect.stringContaining('18 digits') });
    const iban = await call(mcp, 'validate_identifier', { kind: 'iban', value: 'DE89370400440532013001' });
    expect(iban.structuredContent).toMatchObject({ valid: false, reason: expect.stringContaining('check digits') });
    await refuses('validate_identifier', { kind: 'ibna', value: 'x' }, /Did you mean "iban"/);
  });

  it("search_docs: the reader engine's first three routes on 40 judged queries, and keeps answering", async () => {
    const dir = path.join(site.dist, '_data/search');
    const files = new Map(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [`_data/search/${f}`, readFileSync(path.join(dir, f), 'utf8')]),
    );
    const manifest = JSON.parse(readFileSync(path.join(site.dist, '_data/manifest.json'), 'utf8'));
    const reader = engine(files, manifest.search);
    const judged = JUDGED.filter((_, i) => i % 3 === 0).slice(0, 40);
    expect(judged.length).toBeGreaterThanOrEqual(30);
    const differing: string[] = [];
    for (const { q } of judged) {
      const theirs = (await reader.ask(q, 8)).pages.slice(0, 3).map((p) => p.route);
      const r = await call(mcp, 'search_docs', { query: q, limit: 8 });
      const ours = (r.structuredContent!.results as { route: string }[]).slice(0, 3).map((x) => x.route);
      if (ours.join() !== theirs.join()) differing.push(`${q}: ${ours.join(' ')} ≠ ${theirs.join(' ')}`);
    }
    expect(differing).toEqual([]);
    // After every bad input above, the same process still answers, and wrote nothing but JSON-RPC to stdout.
    expect((await mcp.client.listTools()).tools.length).toBe(TOOLS.length);
    expect(mcp.errors).toEqual([]);
    expect(mcp.log()).toMatch(/paydocs mcp: \d+ pages of .* over stdio; signing with the documented demo key/);
  }, 120_000);
});
