/**
 * Stage: prerender, dispatched. The HTML of every route plus 404 and /search: one
 * worker task per route when there is a pool (each page travels as its JSON
 * string), else on this thread.
 */
import type { SiteBuild } from '../build.ts';
import type { Bundle } from './bundle.ts';
import type { OutputFiles } from './write.ts';
import { pageDataPath } from '../content/routes.ts';
import { EXTRA_ROUTES } from './prerender.ts';
import { shortHash } from '../hash.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { PrerenderAnswer } from '../workers/protocol.ts';

/** Prerender every route plus 404 and /search, in the workers when there are some. */
export async function prerenderSite(built: Pick<SiteBuild, 'manifest' | 'pages' | 'pageFiles'>, bundle: Bundle, files: OutputFiles, manifestUrl: string, pool?: WorkerPool) {
  const options = { assets: { appJs: bundle.appJs, appCss: bundle.appCss, themeJs: bundle.themeJs, manifestUrl } };
  const extra = Object.keys(EXTRA_ROUTES);
  if (!pool) {
    const { renderHtmlFile } = await import('./prerender.ts');
    for (const page of [...built.pages, ...extra]) { const [p, html] = renderHtmlFile(built.manifest, page, options); files.set(p, html); }
    return;
  }
  const manifest = JSON.stringify(built.manifest);
  const manifestKey = shortHash(manifest);
  const render = (what: string, task: { page?: string; route?: string }) => pool.run<PrerenderAnswer>({ type: 'prerender', manifestKey, manifest, options, ...task }, `prerendering ${what}`);
  const answers = await Promise.all([
    ...built.pages.map((p) => render(p.route, { page: built.pageFiles.get(pageDataPath(p.route))! })),
    ...extra.map((route) => render(route, { route })),
  ]);
  for (const [p, html] of answers) files.set(p, html);
}
