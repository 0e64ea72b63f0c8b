/**
 * The HTML document of one route: metadata in <head> (title "Page | Site",
 * description, keywords, canonical, Open Graph, Twitter, language / version / tag
 * meta), the prerendered app in #root, and external scripts only (strict CSP).
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import type { PageData } from '../../schema/page.ts';
import { pageTitle } from '../../schema/page-head.ts';
import { twinPath } from '../../schema/machine-docs.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface HtmlAssets { appJs: string; appCss: string; themeJs: string; manifestUrl: string; preload?: string[] }

export function htmlDocument(options: {
  site: SiteConfig; route: string; page?: PageData; title: string; description: string; body: string; assets: HtmlAssets; noindex?: boolean; devClient?: string;
}): string {
  const { site, page, assets } = options;
  const base = site.url.replace(/\/$/, '');
  const url = base + (options.route === '/' ? '/' : options.route);
  const fullTitle = pageTitle(options.title, site.title);
  const image = base + ((page?.frontmatter as { image?: string } | undefined)?.image ?? site.image);
  const keywords = page?.keywords.join(', ');
  const tags = ((page?.frontmatter as { tags?: string[] } | undefined)?.tags ?? []).join(',');
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${esc(fullTitle)}</title>`,
    `<meta name="description" content="${esc(options.description)}">`,
    keywords ? `<meta name="keywords" content="${esc(keywords)}">` : '',
    `<link rel="canonical" href="${esc(url)}">`,
    page ? `<link rel="alternate" type="text/markdown" href="/${esc(twinPath(page.route))}">` : '',
    `<link rel="icon" href="${esc(site.favicon)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${esc(site.title)}">`,
    `<meta property="og:title" content="${esc(fullTitle)}">`,
    `<meta property="og:description" content="${esc(options.description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    `<meta property="og:image" content="${esc(image)}">`,
    `<meta property="og:locale" content="en">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${esc(fullTitle)}">`,
    `<meta name="twitter:description" content="${esc(options.description)}">`,
    `<meta name="twitter:image" content="${esc(image)}">`,
    `<meta name="docsearch:language" content="en">`,
    `<meta name="docsearch:version" content="${esc(site.version)}">`,
    `<meta name="docusaurus_locale" content="en">`,
    `<meta name="docusaurus_version" content="${esc(site.version)}">`,
    `<meta name="docusaurus_tag" content="docs-default-${esc(site.version)}">`,
    `<meta name="docsearch:docusaurus_tag" content="docs-default-${esc(site.version)}">`,
    tags ? `<meta name="paydocs:tags" content="${esc(tags)}">` : '',
    options.noindex ? `<meta name="robots" content="noindex">` : '',
    `<script src="/${assets.themeJs}" data-default-mode="${site.colorMode.defaultMode}" data-respect-prefers-color-scheme="${site.colorMode.respectPrefersColorScheme}"${site.announcementBar ? ` data-announcement-id="${esc(site.announcementBar.id)}"` : ''}></script>`,
    assets.appCss ? `<link rel="stylesheet" href="/${assets.appCss}">` : '',
    `<link rel="preload" href="${assets.manifestUrl}" as="fetch" crossorigin="anonymous">`,
    `<script type="module" src="/${assets.appJs}"></script>`,
    options.devClient ? `<script type="module" src="${options.devClient}"></script>` : '',
  ].filter(Boolean);
  return `<!doctype html>\n<html lang="en" dir="ltr" data-theme="${site.colorMode.defaultMode}">\n<head>\n${meta.join('\n')}\n</head>\n<body>\n<div id="root" data-prerendered="true" data-manifest="${esc(assets.manifestUrl)}">${options.body}</div>\n</body>\n</html>\n`;
}

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
