/**
 * The link check judges each address once (pipeline/link/links.ts): the same address
 * on several pages and lines is still reported at every place it is written.
 */
import { describe, expect, it } from 'vitest';
import { checkLinks, checkSiteLinks } from '../../pipeline/link/links.ts';
import type { PageSource } from '../../pipeline/content/validate.ts';

describe('link check', () => {
  it('reports a broken address at every place it is written, and lets good ones pass', () => {
    const pages = [
      {
        relFile: 'content/a.md',
        links: [
          { url: '/nope', line: 3 },
          { url: '/b#part', line: 4 },
          { url: '/nope', line: 9 },
        ],
      },
      {
        relFile: 'content/b.md',
        links: [
          { url: '/nope#x', line: 2 },
          { url: '/nope', line: 5 },
          { url: '/a%zz', line: 6 },
          { url: '/a%zz', line: 7 },
        ],
      },
    ];
    const found = checkLinks(pages, new Set(['/a', '/b']), new Set());
    expect(found.map((d) => [d.file, d.line, d.rule])).toEqual([
      ['content/a.md', 3, 'broken-link'],
      ['content/a.md', 9, 'broken-link'],
      ['content/b.md', 2, 'broken-link'],
      ['content/b.md', 5, 'broken-link'],
      ['content/b.md', 6, 'link-encoding'],
      ['content/b.md', 7, 'link-encoding'],
    ]);
    expect(found[2].message).toBe('Broken link "/nope#x": no page has the route /nope');
  });

  it('quotes a very long address cut, with its length, so a message stays one readable line', () => {
    const long = `/${'x'.repeat(5000)}`;
    const [found] = checkLinks(
      [{ relFile: 'content/a.md', links: [{ url: long, line: 1 }] }],
      new Set(['/a']),
      new Set(),
    );
    expect(found.message).toBe(`Broken link "${long.slice(0, 100)}…" (5001 characters): no page has that route`);
  });
});

describe('links to the files a build makes', () => {
  const page = (route: string, kind = 'doc', api?: object) =>
    ({
      route,
      relFile: `content${route === '/' ? '/index' : route}.md`,
      frontmatter: { kind, ...(api ? { api } : {}) },
    }) as unknown as PageSource;
  const site = {
    pages: [
      page('/'),
      page('/introduction'),
      page('/api/v2/transaction/create', 'api-operation', { path: '/v2/transaction/create', version: 'v2' }),
    ],
    invalidRoutes: [],
  };
  const judged = (urls: string[]) =>
    checkSiteLinks(
      site,
      () => [],
      [{ relFile: 'content/a.md', links: urls.map((url, i) => ({ url, line: i + 1 })) }],
      ['img/logo.svg'],
    ).map((d) => d.line);

  it("a page may link to twins, llms.txt, an API's OpenAPI and Postman files, the sitemap, content/public", () => {
    expect(
      judged([
        '/introduction.md',
        '/index.md',
        '/llms.txt',
        '/llms-full.txt',
        '/openapi/v2.json',
        '/postman/v2.json',
        '/sitemap.xml',
        '/robots.txt',
        '/img/logo.svg',
        '/introduction.html',
      ]),
    ).toEqual([]);
  });

  it('not to a twin of no page, the documents of an API without operations, or what hosts hide', () => {
    const urls = [
      '/nope.md',
      '/openapi/v1.json',
      '/_headers',
      '/_data/manifest.json',
      '/.paydocs-build',
      '/introduction/index.md',
    ];
    expect(judged(urls)).toEqual(urls.map((_, i) => i + 1));
  });
});
