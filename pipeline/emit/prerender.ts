/**
 * Stage: prerender. Page JSON + manifest → the HTML document of every route, with
 * the reader's own App rendered to a string (so the first paint is the real page,
 * then it hydrates). Pure; runs in worker threads.
 */
import type { Manifest } from '../../schema/manifest.ts';
import type { ReaderPage } from '../../schema/page.ts';
import { pageFromFile } from '../../schema/page-codec.ts';
import type { GeneratedData } from '../../schema/generated/index.ts';
import { generateFrom } from '../link/generated-data.ts';
import { htmlDocument, type HtmlAssets } from './html.ts';
import { renderRoute } from '../../reader/render.tsx';

export interface HtmlOptions {
  assets: HtmlAssets;
  devClient?: string;
}

// Routes every site has besides its pages: declared with the head metadata the reader shares.
import { EXTRA_ROUTES } from '../../schema/page-head.ts';
export { EXTRA_ROUTES };

/**
 * The HTML document of one page, or of one of the extra routes (by route). Where it goes is
 * the route's (prerender-site.ts `pathOf`): the HTML alone is what the memo keeps.
 */
export function renderHtmlFile(manifest: Manifest, page: ReaderPage | string, options: HtmlOptions): string {
  const site = manifest.site;
  if (typeof page !== 'string') {
    return htmlDocument({
      site,
      route: page.route,
      page,
      title: page.title,
      description: page.description,
      body: renderRoute(manifest, page.route, page),
      ...options,
    });
  }
  const r = EXTRA_ROUTES[page];
  return htmlDocument({
    site,
    route: page,
    title: r.title,
    description: r.description(site.title),
    body: renderRoute(manifest, page, undefined),
    noindex: r.noindex,
    ...options,
  });
}

/**
 * The HTML document of a page from its page JSON, or of an extra route: what a build renders
 * from, since it keeps no page trees (link/page-json.ts) — in a worker, or on this thread.
 * `printed`: its generated parts as the compile printed them, `data` what prints them otherwise
 * (link/generated-data.ts).
 */
export function renderHtmlFromJson(
  manifest: Manifest,
  pageJson: string | undefined,
  route: string | undefined,
  options: HtmlOptions,
  data: GeneratedData,
  printed?: string,
): string {
  return renderHtmlFile(
    manifest,
    pageJson !== undefined ? pageFromFile(JSON.parse(pageJson), generateFrom(printed, data)) : route!,
    options,
  );
}
