/**
 * Stage: prerender. Page JSON + manifest → the HTML document of every route, with
 * the reader's own App rendered to a string (so the first paint is the real page,
 * then it hydrates). Pure; runs in worker threads.
 */
import type { Manifest } from '../../schema/manifest.ts';
import type { PageData } from '../../schema/page.ts';
import { htmlPath } from '../content/routes.ts';
import { htmlDocument, type HtmlAssets } from './html.ts';
import { renderRoute } from '../../reader/render.tsx';

export interface HtmlOptions { assets: HtmlAssets; devClient?: string }

// Routes every site has besides its pages: declared with the head metadata the reader shares.
import { EXTRA_ROUTES } from '../../schema/page-head.ts';
export { EXTRA_ROUTES };

export function renderHtmlFiles(manifest: Manifest, pages: PageData[], extra: string[], options: HtmlOptions): [string, string][] {
  const site = manifest.site;
  const out: [string, string][] = pages.map((page) => [
    htmlPath(page.route),
    htmlDocument({ site, route: page.route, page, title: page.title, description: page.description, body: renderRoute(manifest, page.route, page), ...options }),
  ]);
  for (const route of extra) {
    const r = EXTRA_ROUTES[route];
    out.push([r.file, htmlDocument({ site, route, title: r.title, description: r.description(site.title), body: renderRoute(manifest, route, undefined), noindex: r.noindex, ...options })]);
  }
  return out;
}
