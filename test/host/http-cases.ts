/**
 * The HTTP behaviour of the built site, as one table: every server that hosts dist/
 * (`paydocs serve`, nginx with `paydocs host nginx`) must pass every row.
 */
import { expect } from 'vitest';
import type { RawResponse } from '../serve-raw.ts';
import { OFF_SITE_PROBES } from '../serve-raw.ts';

export interface HttpCase {
  name: string;
  target: string | ((dist: DistFacts) => string);
  method?: string;
  headers?: Record<string, string>;
  expect: (res: RawResponse, dist: DistFacts) => void;
}

/** What a case needs to know about the dist under test. */
export interface DistFacts {
  appJs: string;
  pageJson: string;
  searchShard: string;
  notFoundHtml: string;
}

const SECURITY = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy'];
const secured = (res: RawResponse) => {
  for (const h of SECURITY) expect(res.headers[h], h).toBeTruthy();
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
};
const status = (res: RawResponse, ...codes: number[]) => expect(codes).toContain(res.status);
const IMMUTABLE = /max-age=31536000.*immutable/;

export const HTTP_CASES: HttpCase[] = [
  {
    name: 'the home page',
    target: '/',
    expect: (res) => {
      status(res, 200);
      secured(res);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('<div id="root"');
    },
  },
  {
    name: 'a clean route',
    target: '/introduction',
    expect: (res) => {
      status(res, 200);
      secured(res);
      expect(res.body.toString()).toContain('<title>Introduction');
    },
  },
  {
    name: 'a trailing slash',
    target: '/introduction/',
    expect: (res) => {
      status(res, 200);
      secured(res);
    },
  },
  {
    name: '.html → clean route, query kept',
    target: '/introduction.html?tab=1',
    expect: (res) => {
      status(res, 301);
      secured(res);
      expect(res.headers.location).toBe('/introduction?tab=1');
    },
  },
  {
    name: 'index.html → clean route',
    target: '/api/v2/transaction/create/index.html',
    expect: (res) => {
      status(res, 301);
      expect(res.headers.location).toBe('/api/v2/transaction/create');
    },
  },
  {
    name: '/index.html → /',
    target: '/index.html?x=1',
    expect: (res) => {
      status(res, 301);
      expect(res.headers.location).toBe('/?x=1');
    },
  },
  {
    name: 'an unknown path: 404.html with status 404',
    target: '/no/such/page',
    expect: (res, dist) => {
      status(res, 404);
      secured(res);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body.toString()).toBe(dist.notFoundHtml);
    },
  },
  {
    name: 'a hashed asset: immutable, JavaScript',
    target: (d) => `/${d.appJs}`,
    expect: (res) => {
      status(res, 200);
      secured(res);
      expect(res.headers['cache-control']).toMatch(IMMUTABLE);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    },
  },
  {
    name: 'a search shard: immutable',
    target: (d) => `/${d.searchShard}`,
    expect: (res) => {
      status(res, 200);
      expect(res.headers['cache-control']).toMatch(IMMUTABLE);
    },
  },
  {
    name: 'the manifest: JSON, revalidated',
    target: '/_data/manifest.json',
    expect: (res) => {
      status(res, 200);
      secured(res);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  },
  {
    name: 'the service worker: JavaScript, revalidated (a kept one would pin readers to an old build)',
    target: '/sw.js',
    expect: (res) => {
      status(res, 200);
      secured(res);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('paydocs-');
    },
  },
  {
    name: 'the offline shell: HTML, revalidated',
    target: '/_data/offline',
    expect: (res) => {
      status(res, 200);
      secured(res);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toMatch(/data-manifest="\/_data\/manifest\.json\?build=/);
    },
  },
  {
    name: 'a page JSON: revalidated',
    target: (d) => `/${d.pageJson}`,
    expect: (res) => {
      status(res, 200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  },
  {
    name: 'a missing asset: 404 with the headers',
    target: '/assets/app.000000000000.js',
    expect: (res) => {
      status(res, 404);
      secured(res);
    },
  },
  {
    name: 'brotli twin for a client that accepts it',
    target: '/introduction',
    headers: { 'Accept-Encoding': 'br, gzip' },
    expect: (res) => {
      status(res, 200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    },
  },
  {
    name: 'gzip twin for a gzip-only client',
    target: '/_data/manifest.json',
    headers: { 'Accept-Encoding': 'gzip' },
    expect: (res) => {
      status(res, 200);
      expect(res.headers['content-encoding']).toBe('gzip');
    },
  },
  {
    name: 'identity for a client that accepts no encoding',
    target: '/robots.txt',
    expect: (res) => {
      status(res, 200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toContain('Sitemap:');
    },
  },
  {
    name: 'a byte range',
    target: '/robots.txt',
    headers: { Range: 'bytes=0-9' },
    expect: (res) => {
      status(res, 206);
      expect(res.body.toString()).toBe('User-agent');
    },
  },
  {
    name: 'dotfiles are not served',
    target: '/.paydocs-build',
    expect: (res) => {
      status(res, 404);
      secured(res);
    },
  },
  {
    name: 'only GET and HEAD',
    target: '/introduction',
    method: 'POST',
    expect: (res) => {
      status(res, 405);
    },
  },
  ...['/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../../etc/passwd', '/..%2f..%2fetc%2fpasswd'].map(
    (target): HttpCase => ({
      name: `no traversal: ${target}`,
      target,
      expect: (res) => {
        status(res, 400, 404);
        expect(res.body.toString()).not.toContain('root:');
      },
    }),
  ),
  ...OFF_SITE_PROBES.map(
    (target): HttpCase => ({
      name: `redirects stay on the site: ${target}`,
      target,
      expect: (res) => {
        status(res, 301, 400, 404);
        if (res.status === 301) expect(res.headers.location).toMatch(/^\/(?![/\\])/);
      },
    }),
  ),
];
