/** Small emitted artefacts: the sitemap is well-formed XML whatever the routes and base URL hold. */
import { describe, expect, it } from 'vitest';
import { sitemap } from '../../pipeline/emit/artifacts.ts';

describe('sitemap', () => {
  it('lists every route under the base URL, with lastmod where known', () => {
    const xml = sitemap('https://docs.example/', [{ route: '/' }, { route: '/a/b', lastmod: '2025-03-14' }]);
    expect(xml).toContain('<loc>https://docs.example/</loc>');
    expect(xml).toContain('<url><loc>https://docs.example/a/b</loc><lastmod>2025-03-14</lastmod></url>');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
  });

  it('escapes XML special characters in <loc> (a base URL with & or <)', () => {
    const xml = sitemap('https://docs.example/a&b<c/', [{ route: '/x' }]);
    const loc = /<loc>(.*?)<\/loc>/.exec(xml)![1];
    expect(loc).not.toMatch(/[<]|&(?!amp;|lt;|gt;|quot;|apos;|#x?[0-9a-fA-F]+;)/);
    const decoded = loc
      .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
    expect(decoded).toBe('https://docs.example/a&b<c/x');
  });
});
