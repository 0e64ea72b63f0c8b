/**
 * What the document head says about one address — title, description, canonical URL,
 * image, tags — computed once for both sides: the pipeline prerenders it
 * (pipeline/emit/html.ts), the reader keeps it in step on client navigation
 * (reader/page/effects.ts). Browser-safe: type-only imports of the schemas.
 */
import type { ReaderPage } from './page.ts';
import type { SiteConfig } from './site-config.ts';

/** The tab title: "Page | Site" (spec §2: delimiter '|'). */
export const TITLE_DELIMITER = '|';
export const pageTitle = (page: string, site: string) => `${page} ${TITLE_DELIMITER} ${site}`;

export interface ExtraRoute {
  file: string;
  title: string;
  description: (site: string) => string;
  noindex?: boolean;
}

/** Routes every site has besides its pages, and where their prerendered HTML lives. */
export const EXTRA_ROUTES: Record<string, ExtraRoute> = {
  '/404': { file: '404.html', title: 'Page Not Found', description: () => 'This page does not exist.', noindex: true },
  '/search': {
    file: 'search/index.html',
    title: 'Search',
    description: (site: string) => `Search the ${site} documentation.`,
  },
};

export interface HeadData {
  title: string;
  description: string;
  keywords?: string;
  url: string;
  image: string;
  tags?: string;
  noindex?: boolean;
}

/** The head of `path`: its page's, the search page's, or — when `routes` lacks it — the 404 page's. */
export function headData(
  site: SiteConfig,
  path: string,
  page: ReaderPage | undefined,
  routes: Record<string, unknown>,
): HeadData {
  const base = site.url.replace(/\/$/, '');
  const fm = (page?.frontmatter ?? {}) as { image?: string; tags?: string[] };
  const image = base + (fm.image ?? site.image);
  if (page) {
    return {
      title: pageTitle(page.title, site.title),
      description: page.description,
      keywords: page.keywords.join(', ') || undefined,
      url: base + (page.route === '/' ? '/' : page.route),
      image,
      tags: fm.tags?.length ? fm.tags.join(',') : undefined,
    };
  }
  const search = EXTRA_ROUTES['/search'];
  if (path === '/search')
    return {
      title: pageTitle(search.title, site.title),
      description: search.description(site.title),
      url: `${base}/search`,
      image,
    };
  const missing = EXTRA_ROUTES['/404'];
  if (!routes[path])
    return {
      title: pageTitle(missing.title, site.title),
      description: missing.description(site.title),
      url: base + path,
      image,
      noindex: true,
    };
  return { title: '', description: '', url: base + path, image };
}
