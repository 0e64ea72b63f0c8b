/**
 * The HTML document of one route: metadata in <head> (title "Page | Site",
 * description, keywords, canonical, Open Graph, Twitter, language / version / tag
 * meta), the prerendered app in #root, and external scripts only (strict CSP).
 * Built as a hast tree (hastscript) and serialized by hast-util-to-html, which
 * escapes every value.
 */
import { CHANGELOG_FEED, CHANGELOG_FEED_TITLE, CHANGELOG_ROUTE } from '../../schema/releases.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { ReaderPage } from '../../schema/page.ts';
import { pageTitle } from '../../schema/page-head.ts';
import { MAIN_CONTENT_ID, PAGE_CONTENT_ID, ROOT_ID } from '../../schema/chrome-ids.ts';
import type { ElementContent, Root } from 'hast';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import { twinPath } from '../../schema/machine-docs.ts';

export interface HtmlAssets {
  appJs: string;
  appCss: string;
  themeJs: string;
  manifestUrl: string;
  preload?: string[];
}

const meta = (name: string, content: string) => h('meta', { name, content });
const og = (property: string, content: string) => h('meta', { property, content });

/** One element per line, as the document has always been printed. */
const lines = (nodes: (ElementContent | false | undefined | '')[]): ElementContent[] =>
  ['\n', ...nodes.filter((n): n is ElementContent => Boolean(n)).flatMap((n) => [n, '\n'])].map((n) =>
    typeof n === 'string' ? { type: 'text', value: n } : n,
  );

export function htmlDocument(options: {
  site: SiteConfig;
  route: string;
  page?: ReaderPage;
  title: string;
  description: string;
  body: string;
  assets: HtmlAssets;
  noindex?: boolean;
  devClient?: string;
  /** false: `body` is no render of this route (the offline shell), so the reader renders rather than hydrates. */
  prerendered?: boolean;
}): string {
  const { site, page, assets } = options;
  const base = site.url.replace(/\/$/, '');
  const url = base + (options.route === '/' ? '/' : options.route);
  const fullTitle = pageTitle(options.title, site.title);
  const image = base + ((page?.frontmatter as { image?: string } | undefined)?.image ?? site.image);
  const keywords = page?.keywords.join(', ');
  const tags = ((page?.frontmatter as { tags?: string[] } | undefined)?.tags ?? []).join(',');
  const tag = `docs-default-${site.version}`;
  // Off a page (404, search) the main area; none for a body without it (the offline shell, which
  // the reader renders): an id the document never has made Chromium wait for the whole of it, and warn.
  const firstFrame = page
    ? PAGE_CONTENT_ID
    : options.body.includes(`id="${MAIN_CONTENT_ID}"`)
      ? MAIN_CONTENT_ID
      : undefined;
  const head = lines([
    h('meta', { charSet: 'utf-8' }),
    meta('viewport', 'width=device-width, initial-scale=1'),
    h('title', fullTitle),
    meta('description', options.description),
    keywords && meta('keywords', keywords),
    h('link', { rel: 'canonical', href: url }),
    page && h('link', { rel: 'alternate', type: 'text/markdown', href: `/${twinPath(page.route)}` }),
    page?.route === CHANGELOG_ROUTE &&
      h('link', {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: CHANGELOG_FEED_TITLE,
        href: `/${CHANGELOG_FEED}`,
      }),
    h('link', { rel: 'icon', href: site.favicon }),
    og('og:type', 'website'),
    og('og:site_name', site.title),
    og('og:title', fullTitle),
    og('og:description', options.description),
    og('og:url', url),
    og('og:image', image),
    og('og:locale', 'en'),
    meta('twitter:card', 'summary_large_image'),
    meta('twitter:title', fullTitle),
    meta('twitter:description', options.description),
    meta('twitter:image', image),
    meta('docsearch:language', 'en'),
    meta('docsearch:version', site.version),
    meta('docusaurus_locale', 'en'),
    meta('docusaurus_version', site.version),
    meta('docusaurus_tag', tag),
    meta('docsearch:docusaurus_tag', tag),
    tags && meta('paydocs:tags', tags),
    options.noindex && meta('robots', 'noindex'),
    // External scripts only: the CSP below allows no inline script.
    h('script', {
      src: `/${assets.themeJs}`,
      dataDefaultMode: site.colorMode.defaultMode,
      dataRespectPrefersColorScheme: String(site.colorMode.respectPrefersColorScheme),
      dataAnnouncementId: site.announcementBar?.id,
    }),
    assets.appCss && h('link', { rel: 'stylesheet', href: `/${assets.appCss}` }),
    // The first frame waits until the page's content is parsed (Chromium; others ignore it): a
    // frame painted while the parser is half-way through the navbar or a table would show
    // them at a width they lose a moment later — a layout shift no stylesheet can prevent.
    firstFrame && h('link', { rel: 'expect', href: `#${firstFrame}`, blocking: 'render' }),
    h('link', { rel: 'preload', href: assets.manifestUrl, as: 'fetch', crossOrigin: 'anonymous' }),
    h('script', { type: 'module', src: `/${assets.appJs}` }),
    options.devClient && h('script', { type: 'module', src: options.devClient }),
  ]);
  // The prerendered app is HTML already (React's renderer): it goes in after serializing, where a
  // raw marker stands. As a raw node it was copied once per enclosing element (each one joins
  // its children into a new string), which cost more than the head (measured: bench/HISTORY.md, raw app marker).
  const root = h(
    'div',
    {
      id: ROOT_ID,
      dataPrerendered: options.prerendered === false ? undefined : 'true',
      dataManifest: assets.manifestUrl,
    },
    [{ type: 'raw', value: BODY_MARK }],
  );
  const doc: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      { type: 'text', value: '\n' },
      h(
        'html',
        { lang: 'en', dir: 'ltr', dataTheme: site.colorMode.defaultMode },
        lines([h('head', head), h('body', lines([root]))]),
      ),
      { type: 'text', value: '\n' },
    ],
  };
  // Values are always double-quoted, so `'` and `` ` `` need no encoding (the "dangerous
  // characters" option is about old browsers and unquoted attributes): bytes as before.
  const shell = toHtml(doc, {
    allowDangerousHtml: true,
    allowDangerousCharacters: true,
    characterReferences: { useNamedReferences: true },
  });
  // The last mark: nothing after the body comes from content (a title could spell the mark).
  const at = shell.lastIndexOf(BODY_MARK);
  return shell.slice(0, at) + options.body + shell.slice(at + BODY_MARK.length);
}

/** Where the body goes in the serialized document. */
const BODY_MARK = '\u0000paydocs-body\u0000';

/** The strict Content-Security-Policy the built site runs under (no inline script or style). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' https://api.iconify.design",
  "worker-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');
