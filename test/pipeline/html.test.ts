/** The prerendered HTML document (pipeline/emit/html.ts): head metadata, external scripts only, every value escaped. */
import { describe, expect, it } from 'vitest';
import { htmlDocument } from '../../pipeline/emit/html.ts';
import type { SiteConfig } from '../../schema/site-config.ts';

const site = {
  url: 'https://docs.example/',
  title: 'Docs',
  favicon: '/img/favicon.svg',
  version: 'current',
  image: '/img/card.png',
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  announcementBar: { id: 'a1', content: 'x', isCloseable: true },
} as unknown as SiteConfig;
const assets = {
  appJs: 'assets/app.AAAA.js',
  appCss: 'assets/app.BBBB.css',
  themeJs: 'assets/theme.CCCC.js',
  manifestUrl: '/_data/manifest.json?v=1&b=2',
};

describe('htmlDocument', () => {
  it('prints the head line by line, with the app in #root and external scripts only', () => {
    const html = htmlDocument({
      site,
      route: '/a',
      title: 'Page',
      description: 'About a.',
      body: '<main>Hi</main>',
      assets,
    });
    expect(
      html.startsWith(
        '<!doctype html>\n<html lang="en" dir="ltr" data-theme="light">\n<head>\n<meta charset="utf-8">\n',
      ),
    ).toBe(true);
    expect(html).toContain(
      '\n<title>Page | Docs</title>\n<meta name="description" content="About a.">\n' +
        '<link rel="canonical" href="https://docs.example/a">\n',
    );
    expect(html).toContain(
      '<script src="/assets/theme.CCCC.js" data-default-mode="light" ' +
        'data-respect-prefers-color-scheme="false" data-announcement-id="a1"></script>',
    );
    expect(html).toContain(
      '<link rel="preload" href="/_data/manifest.json?v=1&amp;b=2" as="fetch" crossorigin="anonymous">',
    );
    expect(
      html.endsWith(
        '\n</head>\n<body>\n' +
          '<div id="root" data-prerendered="true" ' +
          'data-manifest="/_data/manifest.json?v=1&amp;b=2"><main>Hi</main></div>\n</body>\n</html>\n',
      ),
    ).toBe(true);
    // Every script is external: no inline code for the CSP to block.
    for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(m[1]).toContain(' src="');
      expect(m[2]).toBe('');
    }
  });

  it('puts the body in #root once, whatever the title or the body spell', () => {
    // The body is spliced in after serializing (html.ts BODY_MARK): a title or a body holding
    // the mark, or a NUL, must not move it or be taken for it.
    const mark = '\u0000paydocs-body\u0000';
    const html = htmlDocument({
      site,
      route: '/a',
      title: `T${mark}`,
      description: `D${mark}`,
      body: `<main>x${mark}y</main>`,
      assets,
    });
    expect(
      html.endsWith(
        '<div id="root" data-prerendered="true" ' +
          `data-manifest="/_data/manifest.json?v=1&amp;b=2"><main>x${mark}y</main></div>\n</body>\n</html>\n`,
      ),
    ).toBe(true);
    expect(html.split('<main>').length).toBe(2);
    expect(html).toContain('<title>T');
  });

  it('escapes titles, descriptions and keywords: no value can close its element or attribute', () => {
    const html = htmlDocument({
      site,
      route: '/a',
      title: '</title><script>x()</script>',
      description: '"><script>y()</script>',
      body: '',
      assets,
      page: { route: '/a', keywords: ['a" onload="z()'], frontmatter: {} } as never,
    });
    // Outside quoted attribute values, no element or attribute was injected.
    const markup = html.replace(/="[^"]*"/g, '=""');
    expect(markup).not.toContain('<script>');
    expect(markup).not.toContain(' onload=');
    expect(html).toContain('<title>&lt;/title>&lt;script>x()&lt;/script> | Docs</title>');
  });

  it('makes the first frame wait for an element the document has: page content, else main area, else nothing', () => {
    const expectLink = (html: string) => /<link rel="expect" href="([^"]*)" blocking="render">/.exec(html)?.[1] ?? null;
    const page = { route: '/a', keywords: [], frontmatter: {} } as never;
    expect(
      expectLink(
        htmlDocument({
          site,
          route: '/a',
          title: 'A',
          description: '',
          body: '<main id="main-content"><div id="page-content"></div></main>',
          assets,
          page,
        }),
      ),
    ).toBe('#page-content');
    // The not-found and search documents have no page content; the offline shell has no body at all.
    expect(
      expectLink(
        htmlDocument({
          site,
          route: '/404',
          title: 'Page Not Found',
          description: '',
          body: '<main id="main-content"><h1>404</h1></main>',
          assets,
        }),
      ),
    ).toBe('#main-content');
    expect(
      expectLink(
        htmlDocument({ site, route: '/', title: 'Offline', description: '', body: '', assets, prerendered: false }),
      ),
    ).toBeNull();
  });
});
