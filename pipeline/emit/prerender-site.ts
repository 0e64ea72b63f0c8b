/**
 * Stage: prerender, dispatched. The HTML of every route plus 404 and /search, in
 * the worker threads when there are some (each gets an interleaved share of the
 * pages as JSON strings), else on this thread.
 */
import type { SiteBuild } from '../build.ts';
import type { Bundle } from './bundle.ts';
import type { OutputFiles } from './write.ts';
import { pageDataPath } from '../content/routes.ts';
import { EXTRA_ROUTES } from './prerender.ts';
import { interleave, type WorkerPool } from '../workers/pool.ts';

/** Prerender every route plus 404 and /search, in the workers when there are some. */
export async function prerenderSite(built: Pick<SiteBuild, 'manifest' | 'pages' | 'pageFiles'>, bundle: Bundle, files: OutputFiles, manifestUrl: string, pool?: WorkerPool) {
  const options = { assets: { appJs: bundle.appJs, appCss: bundle.appCss, themeJs: bundle.themeJs, manifestUrl } };
  const extra = Object.keys(EXTRA_ROUTES);
  if (!pool) {
    const { renderHtmlFiles } = await import('./prerender.ts');
    for (const [p, html] of renderHtmlFiles(built.manifest, built.pages, extra, options)) files.set(p, html);
    return;
  }
  const manifest = JSON.stringify(built.manifest);
  const routes = built.pages.map((p) => pageDataPath(p.route));
  const shares = interleave(routes, pool.size).map((paths, i) => ({
    type: 'prerender' as const, manifest, pages: paths.map((p) => built.pageFiles.get(p)!), extra: i === 0 ? extra : [], options,
  }));
  for (const answer of await pool.run(shares)) for (const [p, html] of answer.files ?? []) files.set(p, html);
}
