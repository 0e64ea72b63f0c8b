/**
 * The build, as a table of contents of named steps, in two compositions:
 * - `build` (to disk): load → up to date? → [bundle reader ‖ site model] → write dist (emit/site-output.ts);
 * - `buildSite` (in memory: check, tests): load → site model → search index.
 * The site model's steps (validate → compile → page JSON → manifest) are model.ts; the dev
 * server composes them in its own session (server/dev-session.ts). Every step is a function
 * of its inputs, kept in the stage memo (incremental/memo.ts): on disk for `build`, in memory
 * for the rest. The heavy stages load on first use (`lazy`).
 */
import path from 'node:path';
import { loadContent, type ContentSet } from './content/load.ts';
import { lastUpdatedDates } from './content/last-updated.ts';
import { createPool, type WorkerPool } from './workers/pool.ts';
import { createStepper } from './step.ts';
import { buildStats, upToDateStats, type BuildStats } from './build-stats.ts';
import { codeHash } from './incremental/code-hash.ts';
import { createStageMemo, memoryStore, type StageMemo } from './incremental/memo.ts';
import { diskStore } from './incremental/pack-store.ts';
import { buildKey, builtBefore, previousOutput, recordBuilt, sameCodeBuiltBefore } from './incremental/build-key.ts';
import type { WriteOptions } from './emit/write.ts';
import type { SiteModelBuild } from './model.ts';
import { buildSearch, searchWorkerEntry, withSearch, type SearchIndex } from './search/search-step.ts';
import { awaitedLater, lazy } from './later.ts';
export { searchWorkerEntry, type BuildStats, type SiteModelBuild };

const modelSteps = lazy(() => import('./model.ts'));
const bundleSteps = lazy(() => import('./emit/bundle.ts'));
const outputSteps = lazy(() => import('./emit/site-output.ts'));
const diagramEngine = lazy(() => import('./diagrams/d2.ts'));
const outDirSteps = lazy(() => import('./emit/out-dir.ts'));
const serviceWorkerSteps = lazy(() => import('./emit/service-worker.ts'));

export interface BuildOptions {
  root: string;
  outDir?: string;
  /** The stage memo to use; absent → one on disk under `cacheDir`. */
  memo?: StageMemo;
  /** Disk memo folder (default node_modules/.cache/paydocs/stages); false: a memory memo for this run only. */
  cacheDir?: string | false;
  minify?: boolean;
  log?: (line: string) => void;
  /** Each step's line shows the memory in use (the CLI: PAYDOCS_MEMORY=1). */
  memoryLog?: boolean;
  /** Worker threads for compile and prerender: a shared pool, false for none, or absent to start one (`threads`). */
  pool?: WorkerPool | false;
  /** The size of the pool `build` starts when none is given (the CLI: PAYDOCS_THREADS; 0: none). */
  threads?: number;
  /** Options of the write step (tests inject faults there). */
  write?: WriteOptions;
}

export async function createMemo(options: Pick<BuildOptions, 'root' | 'memo' | 'cacheDir'>): Promise<StageMemo> {
  if (options.memo) return options.memo;
  // A memo for this run only outlives no code change: it needs no code hash.
  if (options.cacheDir === false) return createStageMemo(memoryStore(), 'this-run');
  const folder = options.cacheDir ?? path.join(options.root, 'node_modules/.cache/paydocs/stages');
  return createStageMemo(diskStore(folder), await codeHash());
}

const readDates = (root: string, content: ContentSet) =>
  lastUpdatedDates(
    root,
    content.pages.map((p) => p.relFile),
  );

export interface SiteBuild extends SiteModelBuild {
  search: SearchIndex;
  searchFiles: Map<string, string>;
}

/** In memory: everything up to the page JSON, manifest and search index (check, tests). */
export async function buildSite(options: BuildOptions, stepper = createStepper(options.log)): Promise<SiteBuild> {
  const memo = await createMemo(options);
  const content = await stepper.step('load content', () => loadContent(options.root));
  // Read (git, file times) while the pages are validated and compiled.
  const dates = readDates(options.root, content);
  const { buildModel, inMemory } = await modelSteps();
  const input = { content, dates, memo, step: stepper.step, pool: options.pool || undefined };
  const model = await buildModel(input, inMemory);
  const search = await buildSearch(model, memo, stepper.step);
  return { ...model, manifest: withSearch(model.manifest, search), search, searchFiles: search.files };
}

/** To disk: the site into `outDir`, swapped in whole; a failed build leaves the previous one as it was. */
export async function build(options: BuildOptions): Promise<BuildStats> {
  // Threads start with the first task: a build with nothing to compile or render starts none.
  const pool = options.pool ?? (options.threads === 0 ? false : createPool({ size: options.threads }));
  try {
    return await buildToDisk({ ...options, pool });
  } finally {
    if (pool && pool !== options.pool) await pool.close();
    // D2's thread goes when it has drawn (model.ts); a build that failed meanwhile does not wait for it.
    await (await diagramEngine()).closeD2();
  }
}

async function buildToDisk(options: BuildOptions): Promise<BuildStats> {
  const start = performance.now();
  const { step, steps } = createStepper(options.log, { memory: options.memoryLog });
  const outDir = path.resolve(options.root, options.outDir ?? 'dist');
  // Before anything else: a build replaces its output folder as a whole.
  await (await outDirSteps()).prepareOutDir(options.root, outDir);
  const memo = await createMemo(options);
  memo.resetStats();
  const content = await step('load content', () => loadContent(options.root));
  const dates = await step('read last-updated dates', () => readDates(options.root, content));
  // The whole build is a stage too: same code, content, dates and options → the dist already there.
  const { bundleReaderMemo, readerSourceHash, initialScripts } = await bundleSteps();
  const bundleOptions = { minify: options.minify, extraEntries: searchWorkerEntry() };
  const { serviceWorkerSourceHash } = await serviceWorkerSteps();
  const readerHash = () => readerSourceHash(memo, bundleOptions) ?? 'no bundle';
  const code = () => [options.minify ?? true, serviceWorkerSourceHash(), readerHash()];
  const before = builtBefore<BuildStats>(memo, outDir, buildKey(memo, content, dates, code()));
  if (before) return upToDateStats(before, performance.now() - start, steps);

  // New code or no build before: every page will be compiled, so the threads start and load the
  // compiler while this one validates (after a content edit most pages come from the memo: no threads).
  const pool = options.pool || undefined;
  if (pool && !sameCodeBuiltBefore(memo, outDir)) pool.warm();
  // The reader bundle does not depend on content: made alongside the compile.
  const bundling = awaitedLater(bundleReaderMemo(memo, bundleOptions));
  const { buildModel, toDisk } = await modelSteps();
  const model = await buildModel({ content, dates: Promise.resolve(dates), memo, step, pool }, toDisk);
  const bundle = await step('bundle reader', () => bundling);
  const { writeSite } = await outputSteps();
  const previous = previousOutput(memo, outDir);
  const written = await writeSite({ ...options, model, bundle, outDir, previous, memo, step, pool });

  const stats = buildStats(
    { model, bundle, initialScripts: initialScripts(bundle), written, memo },
    performance.now() - start,
    steps,
  );
  recordBuilt(memo, outDir, buildKey(memo, content, dates, code()), stats, written.record);
  // A complete build used every stage value the next one can reuse: the rest is for old code or content.
  memo.prune();
  // The old dist was being deleted meanwhile: the build is done when it is gone.
  await written.removed();
  return { ...stats, ms: performance.now() - start };
}
