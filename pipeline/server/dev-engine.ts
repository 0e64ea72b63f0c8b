/**
 * What `paydocs dev` runs of the pipeline, as one module: the build steps and the
 * page renderer. A save in schema/ or reader/ must take effect without a restart,
 * but an ES module once imported cannot be unloaded: so the dev server bundles this
 * module afresh (esbuild, into node_modules/.cache/paydocs/dev-…/) and imports the
 * new bundle under its own URL, with a new memo — results made by the old code go
 * with it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest } from '../../schema/manifest.ts';
import type { PageData } from '../../schema/page.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { renderRoute } from '../../reader/render.tsx';
import { htmlDocument, type HtmlAssets } from '../emit/html.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { cliBundleOptions } from '../incremental/cli-bundle.mjs';
import { modelCodeHash } from '../incremental/code-hash.ts';

export { buildModel, inMemory } from '../model.ts';
export { buildSearch, withSearch, searchWorkerEntry } from '../search/search-step.ts';
export { counted, createStageMemo, memoryStore } from '../incremental/memo.ts';
export { modelCodeHash } from '../incremental/code-hash.ts';
export { loadContent, reloadContent } from '../content/load.ts';
export { datesAfterSave, lastUpdatedDates } from '../content/last-updated.ts';
export { createStepper } from '../step.ts';
export { createPool } from '../workers/pool.ts';
export { warmUpCompiler } from '../compile/warm-up.ts';
export { parsedChunks } from '../compile/markdown-chunks.ts';

/** The HTML of a route as dev serves it: rendered on request, with the live-reload client. */
export function renderDevPage(input: {
  site: SiteConfig;
  manifest: Manifest;
  route: string;
  page?: PageData;
  assets: HtmlAssets;
  devClient: string;
}): { html: string; known: boolean } {
  const { site, manifest, route, page } = input;
  const known = Boolean(page) || route === '/search';
  const html = htmlDocument({
    site,
    route,
    page,
    title: page?.title ?? (route === '/search' ? 'Search' : 'Page Not Found'),
    description: page?.description ?? '',
    body: renderRoute(manifest, route, page),
    assets: input.assets,
    devClient: input.devClient,
    noindex: !known,
  });
  return { html, known };
}

export type Engine = typeof import('./dev-engine.ts');

let generation = 0;

/**
 * An engine bundle loaded, with the hash of its model steps' code (incremental/code-hash.ts) and a
 * way to remove it.
 */
export interface LoadedEngine {
  engine: Engine;
  modelHash: string;
  dispose: () => void;
}

/** A fresh bundle of this module and its worker, from the sources as they are now; `dispose` removes its files. */
export async function freshEngine(): Promise<LoadedEngine> {
  const { file, modelHash, dispose } = await bundleEngine();
  return { engine: (await import(pathToFileURL(file).href)) as Engine, modelHash, dispose };
}

/**
 * The bundle alone: its `engine.js` (bench/dev-rebuild.bench.ts runs it in a plain Node
 * process, as `paydocs dev` runs it, without a TypeScript loader in every import).
 */
export async function bundleEngine(): Promise<{ file: string; modelHash: string; dispose: () => void }> {
  const esbuild = await import('esbuild');
  const dir = path.join(PROJECT_ROOT, 'node_modules/.cache/paydocs', `dev-${process.pid}-${++generation}`);
  mkdirSync(dir, { recursive: true });
  // Packages stay external: this process has loaded them already.
  const options = cliBundleOptions(PROJECT_ROOT, dir, { dependencies: 'external' });
  const { metafile } = await esbuild.build({
    ...options,
    metafile: true,
    entryPoints: {
      engine: path.join(PROJECT_ROOT, 'pipeline/server/dev-engine.ts'),
      worker: path.join(PROJECT_ROOT, 'pipeline/workers/worker.ts'),
    },
    define: { __PAYDOCS_ROOT__: JSON.stringify(PROJECT_ROOT), __PAYDOCS_BUNDLE_DIR__: JSON.stringify(dir) },
  });
  return {
    file: path.join(dir, 'engine.js'),
    modelHash: await modelCodeHash(metafile),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
