/**
 * Compression happens once, at build time: `.br` / `.gz` twins of compressible files,
 * served to clients that accept them with the right headers, and reused by the next
 * build for files that did not change.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { writeTwinsOf } from '../../pipeline/emit/twins.ts';
import { rawRequest, servedFixture } from '../serve-raw.ts';

const served = servedFixture('shared');
const dist = () => served.dist;

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

describe('precompressed twins', () => {
  it('the build writes .br and .gz twins of compressible files that decompress to them', () => {
    const app = readdirSync(path.join(dist(), 'assets')).find((f) => /^app\..+\.js$/.test(f))!;
    for (const file of [`assets/${app}`, 'index.html', '_data/manifest.json', '_data/pages/introduction.json']) {
      const original = readFileSync(path.join(dist(), file));
      expect(decode.br(readFileSync(path.join(dist(), `${file}.br`))), file).toEqual(original);
      expect(decode.gzip(readFileSync(path.join(dist(), `${file}.gz`))), file).toEqual(original);
    }
    expect(
      existsSync(path.join(dist(), 'img/favicon.svg.br')) || statSync(path.join(dist(), 'img/favicon.svg')).size < 1024,
    ).toBe(true);
  });

  it('serves the twin a client accepts, with its length, the same type and headers, and Vary', async () => {
    const identity = await rawRequest(served.base, '/introduction');
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
    ] as const) {
      const res = await rawRequest(served.base, '/introduction', { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(Number(res.headers['content-length']), accept).toBe(
        statSync(path.join(dist(), `introduction/index.html.${encoding === 'br' ? 'br' : 'gz'}`)).size,
      );
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      for (const h of ['content-type', 'content-security-policy', 'x-content-type-options', 'cache-control'])
        expect(res.headers[h], `${accept} ${h}`).toBe(identity.headers[h]);
      expect(decode[encoding](res.body), accept).toEqual(identity.body);
    }
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await rawRequest(served.base, '/introduction', accept ? { 'Accept-Encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body, accept).toEqual(identity.body);
    }
  });

  it('the 404 page is served compressed too, with status 404', async () => {
    const res = await rawRequest(served.base, '/no/such/page', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode.br(res.body).toString()).toContain('Page Not Found');
  });

  // Reusing an unchanged file's twins from the previous build is the write stage's: test/pipeline/write.test.ts.
  it('twins only compressible files of 1 KB or more, and they decode to the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-twins-'));
    try {
      const big = 'paydocs '.repeat(1000);
      for (const [name, data] of [
        ['new.json', big],
        ['small.txt', 'tiny'],
        ['logo.png', Buffer.alloc(4096)],
      ] as const) {
        await writeTwinsOf(dir, name, typeof data === 'string' ? Buffer.from(data) : data);
      }
      expect(decode.br(readFileSync(path.join(dir, 'new.json.br'))).toString()).toBe(big);
      expect(existsSync(path.join(dir, 'small.txt.br'))).toBe(false);
      expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
