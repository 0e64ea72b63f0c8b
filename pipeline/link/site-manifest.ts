/**
 * Stage: the manifest. The assembled pages, their page JSON hashes, the sidebar and the data
 * generated content is printed with → dist/_data/manifest.json as the reader reads it (before
 * the search index and the reader's bundle add their addresses: search/search-step.ts).
 */
import type { Manifest, SidebarItemOut } from '../../schema/manifest.ts';
import type { PageData } from '../../schema/page.ts';
import type { SiteModel } from '../content/validate.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { pageDataPath } from '../../schema/dist-layout.ts';
import { shortHash as hash } from '../hash.ts';
import type { PageFileText } from './page-json.ts';
import type { GeneratedDataFile } from './generated-data.ts';

export async function siteManifest(
  site: SiteModel,
  pages: PageData[],
  pageFiles: Map<string, PageFileText>,
  generatedData: GeneratedDataFile,
  sidebar: SidebarItemOut[],
  memo: StageMemo,
): Promise<Manifest> {
  const { buildManifest, iconKeys, resolveIcons } = await import('../emit/artifacts.ts');
  const routes: Manifest['routes'] = {};
  for (const page of pages)
    routes[page.route] = {
      title: page.title,
      kind: page.kind,
      data: `${pageDataPath(page.route)}?v=${pageFiles.get(pageDataPath(page.route))!.hash}`,
    };
  // The routes carry every page's content hash, so they stand for the pages here.
  const buildId = hash(
    [JSON.stringify(routes), JSON.stringify(sidebar), JSON.stringify(site.config), generatedData.hash].join('\0'),
  );
  // The icons' SVG data, kept: resolving them reads the whole icon set each build (measured: bench/HISTORY.md, icons).
  const keys = iconKeys(site.config);
  const icons = memo.runSync('icons', [keys], () => resolveIcons(keys));
  return buildManifest({
    site: site.config,
    buildId,
    routes,
    sidebar,
    search: '',
    icons,
    apiErrors: `/${generatedData.path}`,
  });
}
