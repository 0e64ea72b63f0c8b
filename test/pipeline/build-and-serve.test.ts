import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import { build } from '../../pipeline/build.ts';
import { BuildError } from '../../pipeline/diagnostics.ts';
import { fixtureCopy, read, buildAndServe } from '../helpers.ts';
import { pageFromFile } from '../../schema/page-codec.ts';
import { generateWith } from '../../schema/generated/index.ts';
import type { Manifest } from '../../schema/manifest.ts';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
let server: http.Server;
let base: string;

beforeAll(async () => {
  site = await fixtureCopy();
  ({ server, base } = await buildAndServe(site.root));
}, 120_000);
afterAll(async () => {
  server?.close();
  await site?.cleanup();
});

const get = (p: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(base + p, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });

describe('paydocs build output', () => {
  it('writes HTML, page JSON, manifest, search, schemas, sitemap and 404 for every route', async () => {
    const dist = path.join(site.root, 'dist');
    for (const f of [
      'index.html',
      'introduction/index.html',
      'api/v2/transaction/create/index.html',
      '404.html',
      'sitemap.xml',
      '_data/manifest.json',
      '_data/pages/index.json',
      '_data/pages/services/pix/payin.json',
      'schema/page.json',
      'schema/manifest.json',
      'schema/frontmatter-api-operation.json',
      'img/favicon.svg',
    ]) {
      expect(existsSync(path.join(dist, f)), f).toBe(true);
    }
    const manifest = JSON.parse(await read(dist, '_data/manifest.json'));
    expect(Object.keys(manifest.routes).sort()).toEqual([
      '/',
      '/api/v2/transaction/create',
      '/introduction',
      '/reference/api_error_codes',
      '/reference/currency_codes',
      '/reference/transaction_statuses',
      '/services/pix',
      '/services/pix/payin',
    ]);
    expect(manifest.routes['/introduction'].data).toMatch(/^_data\/pages\/introduction\.json\?v=[0-9a-f]{12}$/);
    expect(readdirSync(path.join(dist, 'assets')).every((f) => /\.[A-Z0-9]{8}\.(js|css)(\.br|\.gz)?$/.test(f))).toBe(
      true,
    );
    const search = readdirSync(path.join(dist, '_data/search'));
    expect(search.some((f) => /^words-1\.[0-9a-f]{12}\.json$/.test(f))).toBe(true);
  });

  it('prerenders real content, metadata and links, with no inline script or style', async () => {
    const html = await read(path.join(site.root, 'dist'), 'introduction/index.html');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Introduction | Paydocs</title>');
    expect(html).toContain(
      '<meta name="description" content="Accounts, points, sandbox and production, and the life of a transaction.">',
    );
    expect(html).toContain('<link rel="canonical" href="https://docs.paydocs.example/introduction">');
    expect(html).toContain('property="og:image"');
    expect(html).toContain('<h2 id="sandbox-and-production">');
    expect(html).toContain('href="/introduction"');
    expect(await read(path.join(site.root, 'dist'), 'index.html')).toContain('href="/services/pix"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it('generates the API reference from the definition', async () => {
    const dist = path.join(site.root, 'dist');
    // The samples and error rows are printed from data: the error rows from the file the manifest names.
    const { apiErrors } = JSON.parse(await read(dist, '_data/manifest.json')) as Manifest;
    const generate = generateWith({ apiErrors: JSON.parse(await read(dist, apiErrors.slice(1))) });
    const page = pageFromFile(JSON.parse(await read(dist, '_data/pages/api/v2/transaction/create.json')), generate);
    const text = JSON.stringify(page.ast);
    for (const label of ['cURL', 'HTTP', 'JavaScript', 'Python', 'PHP', 'Java', 'Kotlin'])
      expect(text).toContain(`"dataLabel":"${label}"`);
    expect(page.toc.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining(['request-parameters', 'response-fields', 'errors', 'code-samples', 'responses']),
    );
  });

  it('fills the group overview table from the variants', async () => {
    const page = pageFromFile(JSON.parse(await read(path.join(site.root, 'dist'), '_data/pages/services/pix.json')));
    expect(JSON.stringify(page.ast)).toContain('pix_payin_brl');
  });

  it('keeps the initial JS and CSS within budget (80 KB / 15 KB gzip)', async () => {
    const dist = path.join(site.root, 'dist');
    const html = await read(dist, 'index.html');
    const scripts = [...html.matchAll(/<script[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
    const css = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((m) => m[1]);
    const gz = async (f: string) => gzipSync(await read(dist, f)).length;
    const js = (await Promise.all(scripts.map(gz))).reduce((a, b) => a + b, 0);
    expect(js).toBeLessThanOrEqual(80 * 1024);
    expect((await Promise.all(css.map(gz))).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(15 * 1024);
  });

  it('a failed build leaves the previous dist untouched', async () => {
    const before = await read(path.join(site.root, 'dist'), 'index.html');
    await writeFile(path.join(site.root, 'content/broken.md'), '---\ntitle: [\n---\nx\n');
    await expect(build({ root: site.root, cacheDir: false, pool: false })).rejects.toBeInstanceOf(BuildError);
    expect(await read(path.join(site.root, 'dist'), 'index.html')).toBe(before);
  });
});

describe('paydocs serve', () => {
  it('serves clean routes with the strict CSP', async () => {
    const res = await get('/introduction');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Introduction');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("style-src 'self'");
  });
  it('redirects .html and index.html addresses, keeping the query', async () => {
    expect(await get('/introduction.html?x=1')).toMatchObject({
      status: 301,
      headers: expect.objectContaining({ location: '/introduction?x=1' }),
    });
    expect(await get('/introduction/index.html')).toMatchObject({
      status: 301,
      headers: expect.objectContaining({ location: '/introduction' }),
    });
  });
  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Page Not Found');
  });
  it('never serves files outside dist', async () => {
    for (const p of ['/../content/site.yaml', '/%2e%2e/content/site.yaml', '/..%2fcontent%2fsite.yaml']) {
      const res = await get(p);
      expect(res.body).not.toContain('environments:');
    }
  });
  it('marks hashed assets immutable and compresses responses', async () => {
    const html = (await get('/')).body;
    const asset = /src="(\/assets\/app\.[A-Z0-9]+\.js)"/.exec(html)![1];
    const res = await get(asset, { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
