/**
 * The build's search steps: the index from the site model, and the manifest as served
 * with it. The index itself: build-index.ts.
 */
import type { Bundle } from '../emit/bundle.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { projectPath } from '../paths.ts';
import { sha } from '../hash.ts';
import { inTurns, type createStepper } from '../step.ts';
import type { Manifest } from '../../schema/manifest.ts';
import type { SiteModelBuild } from '../model.ts';
import type { buildSearchIndex, SearchPageInput } from '../../search/index/index.ts';

export type SearchIndex = ReturnType<typeof buildSearchIndex>;
type Step = ReturnType<typeof createStepper>['step'];

/**
 * Step: the search index, from every page's terms — each page's kept in the stage memo
 * under its compile key (`keyOf`), so one page changed tokenizes that page alone, and each
 * words shard under its words and posting lists, so it encodes only the shards its words
 * are in. The index itself is not kept: any change to what it indexes changes it, and keying it on
 * every page's text cost more than it ever saved (measured: bench/HISTORY.md, search index key).
 */
export async function buildSearch(model: SiteModelBuild, memo: StageMemo, step: Step): Promise<SearchIndex> {
  const { searchIndexSteps, definedTerms } = await import('../../search/index/index.ts');
  const defined = definedTerms(model.site.pages, model.site.data);
  const input = model.pages.map((p) => ({
    ...searchPageInput(model, p),
    defines: defined.get(p.route),
    // The compile key stands for the page file (title, description, keywords, sections) and the data and config.
    key: keyOf(model.compileKeys.get(p.route), p.breadcrumbs, defined.get(p.route)),
  }));
  // In turns: the workers render and make twins meanwhile, and their next tasks go out from this thread.
  return step('build search shards', () =>
    inTurns(
      searchIndexSteps(input, model.site.config, { synonyms: model.site.data.search_synonyms, keep: memo.runSync }),
    ),
  );
}

/** A built page as the search index takes it, but its defined terms and memo key (those buildSearch adds). */
const searchPageInput = (
  model: Pick<SiteModelBuild, 'compiled'>,
  p: SiteModelBuild['pages'][number],
): SearchPageInput => ({
  route: p.route,
  title: p.title,
  description: p.description,
  keywords: p.keywords,
  breadcrumbs: p.breadcrumbs.map((b) => b.label),
  sections: model.compiled.get(p.route)?.sections ?? [],
});

/** The built pages as the search index takes them: the benches and tests index a build's pages as it does. */
export const searchPageInputs = (model: Pick<SiteModelBuild, 'pages' | 'compiled'>): SearchPageInput[] =>
  model.pages.map((p) => searchPageInput(model, p));

const keyOf = (compileKey: string | undefined, breadcrumbs: unknown, defines: unknown) =>
  compileKey && sha(`${compileKey}\0${JSON.stringify([breadcrumbs, defines ?? null])}`);

/** The manifest as served: with this index and this bundle's search worker. */
export function withSearch(manifest: Manifest, search: SearchIndex, bundle?: Bundle): Manifest {
  const worker = bundle?.entries.searchWorker;
  return { ...manifest, search: `/${search.manifestPath}`, ...(worker ? { searchWorker: `/${worker}` } : {}) };
}

/** The search worker entry: reader/search/worker.ts, bundled beside the app under a content-hashed name. */
export function searchWorkerEntry(): Record<string, string> {
  return { searchWorker: projectPath('reader/search/worker.ts') };
}
