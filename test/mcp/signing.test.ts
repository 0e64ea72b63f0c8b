/**
 * `paydocs mcp` over Streamable HTTP (on the fixture site), and the signing tools over both
 * transports: the published test vectors (the same as test/content/signing-samples.test.ts
 * checks on the pages), a key from the server's environment that appears in no tool output,
 * resource or log line, a production key refused while the server keeps answering, and the
 * SDK's DNS-rebinding protection on the HTTP endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { builtFixture } from '../helpers.ts';
import { call, connectHttp, connectStdio, resourceText, startHttp, textOf, type Connected } from './helpers.ts';

const KEY = 'sk_test_MustNeverLeak9Xq2Lm4Hc7Vb';
const LIVE = 'sk_live_AlsoSecret3Kd8Pw1Rt6Zn';

/** The published vectors, with the demo key (/request_format, /request_format_v1, /callbacks, /callbacks_get). */
const V2_BODY =
  '{"type":"transactions","format":"csv","date_from":"2025-03-01","date_to":"2025-03-31",' +
  '"callback_url":"https://shop.example.com/paydocs/reports"}';
const V1_BODY =
  'point_id=pt_7Hq2Lm9Xc4&request_id=req_20250314_000187&type=transactions&format=csv&' +
  'date_from=2025-03-01&date_to=2025-03-31&transaction_status=success&currency=USD&' +
  'callback_url=https%3A%2F%2Fshop.example.com%2Fpaydocs%2Freports';
const V2_CALLBACK =
  '{"transaction_id":"tr_01HV6ZK3N4C8W9","order_id":"ORD-2025-000184","point_id":"pt_7Hq2Lm9Xc4",' +
  '"payment_type":"payin","service":"card_payin_usd","status":"success","amount":"120.00",' +
  '"currency":"USD","metadata":{"cart_id":"c_99812"},"created_at":"2025-03-14T09:26:53Z",' +
  '"updated_at":"2025-03-14T09:28:11Z"}';
const V1_CALLBACK =
  'transaction_id=tr_01HV6ZK3N4C8W9&order_id=ORD-2025-000184&point_id=pt_7Hq2Lm9Xc4&payment_type=payin&' +
  'service=card_payin_usd&status=failed&failure_reason=insufficient_funds&amount=120.00&currency=USD&' +
  'created_at=2025-03-14T09%3A26%3A53Z&updated_at=2025-03-14T09%3A28%3A11Z&' +
  'signature=f1c9030c39566c47fb871ab0dc37731faa876d72159f473b85b211330aad837f';
const GET_CALLBACK =
  'https://shop.example.com/paydocs/callback.php?transaction_id=tr_01HV6ZK3N4C8W9&' +
  'order_id=ORD-2025-000184&point_id=pt_7Hq2Lm9Xc4&payment_type=payin&service=card_payin_usd&' +
  'status=success&amount=120.00&currency=USD&created_at=2025-03-14T09%3A26%3A53Z&' +
  'updated_at=2025-03-14T09%3A28%3A11Z&' +
  'signature=165c4e639205940a76a5e7bda9fcdc7caa558bc43d4a38762c7b62a5beb0e78e';

let site: Awaited<ReturnType<typeof builtFixture>>;
beforeAll(async () => {
  site = await builtFixture();
}, 300_000);
afterAll(() => site?.cleanup());

describe('signing with the documented demo key (no PAYDOCS_SECRET_KEY), over stdio', () => {
  let mcp: Connected;
  beforeAll(async () => {
    mcp = await connectStdio(site.dist);
  }, 120_000);
  afterAll(() => mcp?.close());

  it('sign_request reproduces the published v2, v2 GET and v1 signatures, and says the demo key was used', async () => {
    const v2 = await call(mcp, 'sign_request', { version: 'v2', body: V2_BODY });
    expect(v2.structuredContent).toMatchObject({
      signature: 'de77f5562215ea3e4da89cacd2af461c00e891fc3a49b95ad471c14c52c89a36',
      bytes: 144,
      sendAs: 'X-Signature header',
    });
    expect(v2.structuredContent!.note).toMatch(/demo key/);
    const get = await call(mcp, 'sign_request', { version: 'v2', query: 'order_id=ORD-2025-000184' });
    expect(get.structuredContent!.signature).toBe('9d6da53179e8898140b4cc8064463652ac13e4dc39171acfb9a9b76b7a7c4f06');
    const v1 = await call(mcp, 'sign_request', { version: 'v1', body: V1_BODY });
    expect(v1.structuredContent!.signature).toBe('02ffee2e47d4fc01129ab222314463ce933d71a76be491a758b568efcf35c434');
    expect(v1.structuredContent!.signed).toMatch(
      /^callback_url=https:\/\/shop\.example\.com\/paydocs\/reports&currency=USD/,
    );
    const both = await call(mcp, 'sign_request', { version: 'v2', body: '{}', query: 'a=1' });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/exactly one of body .* or query/);
  });

  it('verify_callback accepts the published v2, v1 and GET callbacks and rejects a changed one', async () => {
    const v2 = await call(mcp, 'verify_callback', {
      version: 'v2',
      body: V2_CALLBACK,
      signature: '95f4f02b8f87bd2406201f0f681c2178ac325035aa9594edce43adf3fe751d46',
    });
    expect(v2.structuredContent).toMatchObject({ valid: true });
    const changed = await call(mcp, 'verify_callback', {
      version: 'v2',
      body: V2_CALLBACK.replace('120.00', '12.00'),
      signature: '95f4f02b8f87bd2406201f0f681c2178ac325035aa9594edce43adf3fe751d46',
    });
    expect(changed.isError).toBeFalsy();
    expect(changed.structuredContent).toMatchObject({ valid: false });
    expect((await call(mcp, 'verify_callback', { version: 'v1', body: V1_CALLBACK })).structuredContent).toMatchObject({
      valid: true,
    });
    expect((await call(mcp, 'verify_callback', { version: 'v1', body: GET_CALLBACK })).structuredContent).toMatchObject(
      {
        valid: true,
      },
    );
    const unsigned = await call(mcp, 'verify_callback', { version: 'v2', body: V2_CALLBACK });
    expect(unsigned.isError).toBe(true);
    expect(textOf(unsigned)).toMatch(/X-Signature/);
  });
});

describe('a key in the server environment', () => {
  it('signs with it, and appears in no tool output, resource or log line', async () => {
    const mcp = await connectStdio(site.dist, { PAYDOCS_SECRET_KEY: KEY });
    try {
      const outputs: string[] = [];
      const signed = await call(mcp, 'sign_request', { version: 'v2', body: V2_BODY });
      expect(signed.structuredContent!.signature).toBe(createHmac('sha256', KEY).update(V2_BODY).digest('hex'));
      expect(signed.structuredContent!.note).toMatch(/PAYDOCS_SECRET_KEY/);
      outputs.push(JSON.stringify(signed));
      outputs.push(JSON.stringify(await call(mcp, 'verify_callback', { version: 'v1', body: V1_CALLBACK })));
      outputs.push(JSON.stringify(await call(mcp, 'verify_callback', { version: 'v2', body: '{}', signature: 'ab' })));
      outputs.push(JSON.stringify(await call(mcp, 'search_docs', { query: 'signature secret key' })));
      outputs.push(JSON.stringify(await mcp.client.listTools()));
      for (const { uri } of (await mcp.client.listResources()).resources)
        outputs.push(JSON.stringify(await mcp.client.readResource({ uri })));
      for (const text of [...outputs, mcp.log()]) {
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(KEY.slice(8));
      }
    } finally {
      await mcp.close();
    }
  }, 120_000);

  it('refuses a production key with a tool error, never shows it, and keeps answering', async () => {
    const mcp = await connectStdio(site.dist, { PAYDOCS_SECRET_KEY: LIVE });
    try {
      const r = await call(mcp, 'sign_request', { version: 'v2', body: V2_BODY });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/production key \(sk_live_…\)/);
      const v = await call(mcp, 'verify_callback', { version: 'v1', body: V1_CALLBACK });
      expect(v.isError).toBe(true);
      const ok = await call(mcp, 'validate_identifier', { kind: 'card', value: '4242424242424242' });
      expect(ok.structuredContent).toMatchObject({ valid: true });
      for (const text of [JSON.stringify(r), JSON.stringify(v), mcp.log()]) expect(text).not.toContain(LIVE.slice(8));
    } finally {
      await mcp.close();
    }
  }, 120_000);
});

describe('paydocs mcp --http', () => {
  let server: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    server = await startHttp(site.dist, { PAYDOCS_SECRET_KEY: KEY });
  }, 120_000);
  afterAll(() => server?.stop());

  it('listens on loopback at /mcp and answers the SDK client: tools, a call, a resource', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const mcp = await connectHttp(server.url);
    try {
      expect((await mcp.client.listTools()).tools.length).toBe(8);
      const r = await call(mcp, 'sign_request', { version: 'v2', body: V2_BODY });
      expect(r.structuredContent!.signature).toBe(createHmac('sha256', KEY).update(V2_BODY).digest('hex'));
      const bad = await call(mcp, 'get_page', { route_or_url: '/nowhere' });
      expect(bad.isError).toBe(true);
      const home = await mcp.client.readResource({ uri: 'paydocs://page/' });
      expect(resourceText(home)).toMatch(/^# Fixture home/);
      expect(mcp.errors).toEqual([]);
    } finally {
      await mcp.close();
    }
    expect(server.log()).not.toContain(KEY.slice(8));
  });

  it('refuses a request whose Host or Origin is not its own (DNS rebinding), and other paths', async () => {
    const url = new URL(server.url);
    const post = (headers: Record<string, string>, pathname = url.pathname) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...headers,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
      });
    expect(await post({ host: `evil.example:${url.port}` })).toBe(403);
    expect(await post({ origin: 'http://evil.example' })).toBe(403);
    expect(await post({}, '/other')).toBe(404);
  });
});
