/**
 * The build, as a table of contents of named steps:
 * load → validate → cross-check → compile → sidebar & links → dates → assemble →
 * page JSON → search shards → bundle reader → prerender → write (atomic).
 * Every step is a function of its inputs, kept in the stage memo under a hash of
 * them (incremental/memo.ts): on disk for `build` and `check`, in memory for `dev`.
 * `check` runs the steps up to the link check and writes nothing; `dev` composes
 * the same steps in its own order (pipeline/server/dev.ts).
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadContent, type ContentSet } from './content/load.ts';
import type { SiteModel } from './content/validate.ts';
import { lastUpdatedDates } from './content/last-updated.ts';
import type { CompiledPage } from './compile/compile-page.ts';
import type { CompileContext } from './compile/context.ts';
import type { PageFileText } from './link/page-json.ts';
import { generatedDataFile, type GeneratedDataFile } from './link/generated-data.ts';
import { createPool, type WorkerPool } from './workers/pool.ts';
import { createStepper, type StepLog } from './step.ts';
import { BuildError, type Diagnostic } from './diagnostics.ts';
import { codeHash } from './incremental/code-hash.ts';
import { counted, createStageMemo, memoryStore, type StageMemo } from './incremental/memo.ts';
import { diskStore } from './incremental/pack-store.ts';
import { buildKey, builtBefore, previousOutput, recordBuilt, sameCodeBuiltBefore } from './incremental/build-key.ts';
import { buildSearch, searchWorkerEntry, withSearch, type SearchIndex } from './search/search-step.ts';
export { buildSearch, searchWorkerEntry, withSearch, type SearchIndex };
import type { OutputRecord } from './emit/write.ts';
import { MANIFEST_FILE, MANIFEST_URL } from '../schema/dist-layout.ts';
import type { PageData } from '../schema/page.ts';
import type { Manifest, SidebarItemOut } from '../schema/manifest.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  /** The stage memo to use (dev: one in memory, kept between rebuilds); absent → on disk under `cacheDir`. */
  memo?: StageMemo;
  /** Disk memo folder (default node_modules/.cache/paydocs/stages); false: a memory memo for this run only. */
  cacheDir?: string | false;
  minify?: boolean;
  log?: (line: string) => void;
  /** Worker threads for compile and prerender: a shared pool, false for none, or absent to start one when there is work. */
  pool?: WorkerPool | false;
}

type Step = ReturnType<typeof createStepper>['step'];

export async function createMemo(options: Pick<BuildOptions, 'root' | 'memo' | 'cacheDir'>): Promise<StageMemo> {
  if (options.memo) return options.memo;
  // A memo for this run only outlives no code change: it needs no code hash.
  if (options.cacheDir === false) return createStageMemo(memoryStore(), 'this-run');
  return createStageMemo(
    diskStore(options.cacheDir ?? path.join(options.root, 'node_modules/.cache/paydocs/stages')),
    await codeHash(),
  );
}

/** The site up to its page JSON and manifest (without the search index). */
export interface SiteModelBuild {
  content: ContentSet;
  site: SiteModel;
  pages: PageData[];
  compiled: Map<string, CompiledPage>;
  /** Each page's compile key: it stands for the page file and the data and config it was compiled with. */
  compileKeys: Map<string, string>;
  /** What every page was compiled with besides its own file (the dev server's compiler warm-up compiles with it too). */
  compileContext: CompileContext;
  sidebar: SidebarItemOut[];
  dates: Map<string, string>;
  /** Page JSON by dist path, with its content hash. */
  pageFiles: Map<string, PageFileText>;
  /** The site data generated content is printed with (link/generated-data.ts): written beside the page JSON. */
  generatedData: GeneratedDataFile;
  manifest: Manifest;
  /**
   * The diagrams' SVGs by dist path (pipeline/diagrams/). A build's pages need only the
   * diagrams' addresses, so `paydocs build` goes on while D2 draws; this rejects with
   * BuildError if a diagram does not draw. Drawn already for dev and `buildSite`.
   */
  diagramFiles: Promise<Map<string, string>>;
}

/** load → … → page JSON and manifest. Throws BuildError with every problem. */
export async function buildModel(
  options: BuildOptions,
  memo: StageMemo,
  step: Step,
  loaded?: { content?: ContentSet; dates?: Map<string, string>; lean?: boolean },
): Promise<SiteModelBuild> {
  const diagnostics: Diagnostic[] = [];
  const content = loaded?.content ?? (await step('load content', () => loadContent(options.root)));
  // Read (git, file times) while the pages are validated and compiled: a dev save waits for neither in turn.
  const datesRead = loaded?.dates
    ? Promise.resolve(loaded.dates)
    : lastUpdatedDates(
        options.root,
        content.pages.map((p) => p.relFile),
      );
  datesRead.catch(() => {});
  const { validateContent } = await import('./content/validate.ts');
  const validated = await step('validate frontmatter', () => validateContent(content, memo));
  diagnostics.push(...validated.diagnostics);
  const site = validated.site;
  if (!site) throw new BuildError(diagnostics);
  const { clashesBeforeBuild } = await import('./emit/public-files.ts');
  diagnostics.push(...clashesBeforeBuild(content.publicFiles, site.pages));
  // Diagrams are drawn (in D2's own thread) while the pages compile: pages need only their addresses.
  const { diagramRegistry, checkDiagramPages } = await import('./diagrams/registry.ts');
  // A function of the diagram files and the data (the generated diagrams): kept, it reads no YAML
  // (measured: bench/HISTORY.md, diagram registry).
  const diagrams = await step('list diagrams', () =>
    memo.runSync('diagram-registry', [content.diagrams.map((f) => [f.relFile, f.hash]), site.sharedHash], () =>
      diagramRegistry(content.diagrams, site.data),
    ),
  );
  const { drawDiagrams } = await import('./diagrams/render.ts');
  const drawing = drawDiagrams(diagrams.specs, memo);
  drawing.catch(() => {});
  // A build (`lean`) draws once: D2's thread (measured: bench/HISTORY.md, D2 memory) goes the moment it
  // has drawn, while the pages still compile. The dev server keeps it for the next save.
  if (loaded?.lean) void drawing.finally(async () => (await import('./diagrams/d2.ts')).closeD2()).catch(() => {});

  // The sidebar needs no compiled page: made first, so the build can assemble each page as it compiles.
  const { docsSidebar, sidebarPages } = await import('./link/sidebar.ts');
  const sidebar = await step('build sidebar', () => {
    const navPages = sidebarPages(site.pages);
    return memo.runSync('sidebar', [site.sidebars.docs, navPages, [...site.categories], site.invalidRoutes], () =>
      docsSidebar(site, navPages),
    );
  });
  const { pageAssembler } = await import('./link/assemble.ts');
  const { pageFilesWithTrees, pageFilesAsCompiled } = await import('./link/page-json.ts');
  const lean = loaded?.lean
    ? pageFilesAsCompiled(site.pages, pageAssembler(site.pages, sidebar.items, await datesRead), memo)
    : undefined;

  const { compileContext, compileInput } = await import('./compile/context.ts');
  const ctx = { ...compileContext(site), diagrams: diagrams.specs.map((d) => d.ref) };
  const { compileAll, crashProblem } = await import('./compile/compile-all.ts');
  const compiling = step('compile pages', () =>
    compileAll(site.pages.map(compileInput), ctx, memo, {
      pool: options.pool || undefined,
      onPage: lean?.onPage,
      files: lean,
    }),
  );
  compiling.catch(() => {});
  // The cross-checks read no compiled page: this thread runs them while the workers compile.
  const { crossCheck } = await import('./content/cross-check.ts');
  const codes = await import('./sources/index.ts');
  diagnostics.push(...(await step('cross-check references', () => crossCheck(site, codes, memo))));
  // Pages whose frontmatter failed: their Markdown's problems too, in this run.
  const bodies = await (await import('./compile/check-bodies.ts')).checkBodies(site.unvalidatedBodies, ctx);
  diagnostics.push(
    ...diagrams.diagnostics,
    ...checkDiagramPages(diagrams.specs, site.pages, site.invalidRoutes),
    ...bodies.diagnostics,
  );
  const compiled = await compiling;
  for (const f of compiled.failures)
    diagnostics.push(crashProblem(site.pages.find((p) => p.route === f.route)?.relFile ?? f.route, f.message));
  for (const page of site.pages) {
    for (const issue of compiled.pages.get(page.route)?.issues ?? [])
      diagnostics.push({
        file: page.relFile,
        line: issue.line,
        message: issue.message,
        hint: issue.hint,
        rule: issue.rule,
      });
  }
  diagnostics.push(...sidebar.diagnostics);
  const { checkSiteLinks } = await import('./link/links.ts');
  diagnostics.push(
    ...(await step('check links', () =>
      checkSiteLinks(site, (route) => compiled.pages.get(route)?.links ?? [], bodies.links, content.publicFiles),
    )),
  );
  // With nothing else wrong, `build` does not wait for D2 here: it was the last thread still
  // running when the compile ended (timeline of a cold build). Otherwise its errors are listed too.
  if (!loaded?.lean || diagnostics.length)
    diagnostics.push(...(await step('draw diagrams', () => drawing)).diagnostics);
  if (diagnostics.length)
    throw new BuildError((await import('./content/follow-on.ts')).withoutFollowOn(diagnostics, site, content));
  const diagramFiles = drawing.then((drawn) => {
    if (drawn.diagnostics.length) throw new BuildError(drawn.diagnostics);
    return drawn.files;
  });
  diagramFiles.catch(() => {});

  const dates = await step('read last-updated dates', () => datesRead);
  const { pages, pageFiles } =
    lean?.collected() ??
    (await step('assemble and serialize page JSON', () =>
      pageFilesWithTrees(site.pages, compiled, pageAssembler(site.pages, sidebar.items, dates), memo),
    ));
  const generatedData = generatedDataFile(site.data);
  const { siteManifest } = await import('./link/site-manifest.ts');
  const manifest = await step('build manifest', () =>
    siteManifest(site, pages, pageFiles, generatedData, sidebar.items, memo),
  );
  return {
    content,
    site,
    pages,
    compiled: compiled.pages,
    compileKeys: compiled.keys,
    compileContext: ctx,
    sidebar: sidebar.items,
    dates,
    pageFiles,
    generatedData,
    manifest,
    diagramFiles,
  };
}

export interface SiteBuild extends SiteModelBuild {
  search: SearchIndex;
  searchFiles: Map<string, string>;
}

/** Everything up to the page JSON, manifest and search index, in memory (check, tests). */
export async function buildSite(options: BuildOptions, stepper = createStepper(options.log)): Promise<SiteBuild> {
  const memo = await createMemo(options);
  const model = await buildModel(options, memo, stepper.step);
  const search = await buildSearch(model, memo, stepper.step);
  return { ...model, manifest: withSearch(model.manifest, search), search, searchFiles: search.files };
}

export interface BuildStats {
  pages: number;
  ms: number;
  initialJsGzip: number;
  cssGzip: number;
  pageJsonBytes: number;
  /** What this build did again and what it took from the memo. */
  compiled: number;
  rendered: number;
  shardsRebuilt: number;
  fromCache: number;
  upToDate: boolean;
  /** Markdown twins made (not taken from the memo). */
  twins: number;
  steps: StepLog[];
}

export async function build(options: BuildOptions): Promise<BuildStats> {
  const threads = Number(process.env.PAYDOCS_THREADS ?? NaN);
  // Threads start with the first task: a build with nothing to compile or render starts none.
  const pool =
    options.pool === undefined
      ? threads === 0
        ? false
        : createPool({ size: Number.isNaN(threads) ? undefined : threads })
      : options.pool;
  try {
    return await buildWith({ ...options, pool });
  } finally {
    if (pool && pool !== options.pool) await pool.close();
    await (await import('./diagrams/d2.ts')).closeD2();
  }
}

async function buildWith(options: BuildOptions): Promise<BuildStats> {
  const start = performance.now();
  const { step, steps } = createStepper(options.log);
  const outDir = path.resolve(options.root, options.outDir ?? 'dist');
  // Before anything else: a build replaces its output folder as a whole.
  const { prepareOutDir } = await import('./emit/out-dir.ts');
  await prepareOutDir(options.root, outDir);
  const memo = await createMemo(options);
  memo.resetStats();
  // The whole build is a stage too: same code, content, dates and options → the dist already there.
  const content = await step('load content', () => loadContent(options.root));
  const dates = await step('read last-updated dates', () =>
    lastUpdatedDates(
      options.root,
      content.pages.map((p) => p.relFile),
    ),
  );
  const { serviceWorkerSourceHash } = await import('./emit/service-worker.ts');
  const { bundleReaderMemo, initialScripts, readerSourceHash } = await import('./emit/bundle.ts');
  const bundleOptions = { minify: options.minify, extraEntries: searchWorkerEntry() };
  // The reader's own sources (its stylesheet, browser-only modules) as the kept bundle lists them.
  const keyNow = () =>
    buildKey(memo, content, dates, [
      options.minify ?? true,
      serviceWorkerSourceHash(),
      readerSourceHash(memo, bundleOptions) ?? 'no bundle',
    ]);
  const before = builtBefore<BuildStats>(memo, outDir, keyNow());
  if (before)
    return {
      ...before,
      compiled: 0,
      rendered: 0,
      shardsRebuilt: 0,
      twins: 0,
      fromCache: before.pages,
      upToDate: true,
      ms: performance.now() - start,
      steps,
    };

  // New code or no build before: every page will be compiled, so the threads start and load the
  // compiler while this one validates (after a content edit most pages come from the memo: no threads).
  if (options.pool && !sameCodeBuiltBefore(memo, outDir)) options.pool.warm();
  // The reader bundle does not depend on content: start it at once, alongside the compile.
  const bundling = bundleReaderMemo(memo, bundleOptions);
  bundling.catch(() => {});
  // `lean`: no page trees kept (`pages[].ast` empty) — what comes after reads the page JSON.
  const model = await buildModel(options, memo, step, { content, dates, lean: true });
  const bundle = await step('bundle reader', () => bundling);
  let rendered = 0,
    twinCount = 0,
    shardsRebuilt = 0;

  // Files go to disk as they are made (emit/write.ts): the build never holds the whole site.
  const { openOutput } = await import('./emit/write.ts');
  const previous = previousOutput(memo, outDir);
  const output = await openOutput(outDir, previous);
  const put = (name: string, contents: string | Uint8Array, hash?: string) => {
    void output.put(name, contents, hash);
  };
  let record: OutputRecord;
  try {
    // A page JSON the last build wrote is linked from there unread (link/page-json.ts).
    const { pageFileContents } = await import('./link/page-json.ts');
    const pageJsonPut = Promise.all(
      [...model.pageFiles].map(([p, file]) =>
        output.kept(p, file.hash).then((linked) => {
          if (!linked) put(p, pageFileContents(file), file.hash);
        }),
      ),
    );
    pageJsonPut.catch(() => {});
    for (const f of bundle.files) put(f.path, f.contents);
    put(model.generatedData.path, model.generatedData.json);
    const { prerenderSite } = await import('./emit/prerender-site.ts');
    // The HTML does not show the search index: the workers render while this thread indexes.
    const prerendering = step('prerender HTML', () =>
      prerenderSite(
        model,
        bundle,
        { put: (name, html, hash) => output.put(name, html, hash), kept: (name, hash) => output.kept(name, hash) },
        MANIFEST_URL,
        memo,
        options.pool || undefined,
      ),
    );
    prerendering.catch(() => {});
    // Twins are a function of the page JSON alone: made in the workers too, after the HTML.
    const { markdownTwins } = await import('./machine/twin-stage.ts');
    let twinning: ReturnType<typeof markdownTwins> | undefined = step('Markdown twins', () =>
      markdownTwins({ ...model, siteUrl: model.site.config.url }, memo, options.pool || undefined),
    );
    twinning.catch(() => {});
    const { machineFiles, machineInput } = await import('./machine/outputs.ts');
    // The machine outputs need every twin, the index none: they are made as soon as the twins are,
    // while this thread indexes in turns. In a warm build that is at once, and their big files
    // (llms-full.txt) compress on the thread pool while it indexes
    // (measured: bench/HISTORY.md, machine outputs early).
    const machining = (async () => {
      const { twins, made } = await twinning!;
      // Held to the end of the build, the twins (tens of MB at 2,000 pages) would sit in the prerender's peak.
      twinning = undefined;
      twinCount = made;
      for (const [p, text] of await step('machine-readable outputs', () =>
        machineFiles(machineInput(model), twins, memo.runSync),
      ))
        put(p, text);
    })();
    machining.catch(() => {});
    const search = await buildSearch(model, memo, step);
    for (const [p, json] of search.files) put(p, json);
    // Shard names carry their content's hash: a name the last dist did not have is a shard made anew.
    shardsRebuilt = [...search.files.keys()].filter((p) => !previous?.hashes[p]).length;
    await machining;
    // Offline reading: dist/sw.js and its shell; the manifest gets its final build id and names the worker.
    const { offlineFiles } = await import('./emit/service-worker.ts');
    const offline = await step('service worker', () =>
      offlineFiles({
        manifest: withSearch(model.manifest, search, bundle),
        bundle,
        searchFiles: search.files.keys(),
        publicFiles: content.publicFiles,
        minify: options.minify,
        memo,
      }),
    );
    for (const [p, text] of offline.files) put(p, text);
    put(MANIFEST_FILE, JSON.stringify(offline.manifest));
    rendered = await prerendering;
    for (const [p, svg] of await step('draw diagrams', () => model.diagramFiles)) put(p, svg);
    const { siteFiles } = await import('./emit/artifacts.ts');
    await step('site files', () => siteFiles(model.site.config.url, model.pages, put, memo.runSync));
    // Checked before the compile against the names a build makes (buildModel); here against those it wrote.
    const { publicClashes } = await import('./emit/public-files.ts');
    await pageJsonPut; // every file the build makes has its name claimed by now
    const clashes = publicClashes(content.publicFiles, (name) => output.claimed(name));
    if (clashes.length) throw new BuildError(clashes);
    for (const name of content.publicFiles) void output.copy(path.join(content.contentDir, 'public', name), name);
    record = await step('write dist (atomic swap)', () => output.commit());
  } catch (error) {
    await output.abort();
    throw error;
  }

  const gz = (p: string) => {
    const c = bundle.files.find((f) => f.path === p)?.contents;
    return c ? gzipSync(c).length : 0;
  };
  const compiled = counted(memo, 'compile');
  // Pages taken from their summaries read no compile value: 'from cache' is every page not compiled now.
  const compiledNow = compiled.misses;
  const stats: BuildStats = {
    pages: model.pages.length,
    ms: performance.now() - start,
    initialJsGzip: initialScripts(bundle).reduce((n, p) => n + gz(p), 0),
    cssGzip: gz(bundle.appCss),
    pageJsonBytes: [...model.pageFiles.values()].reduce((n, f) => n + f.bytes, 0),
    compiled: compiledNow,
    rendered,
    shardsRebuilt,
    fromCache: model.pages.length - compiledNow,
    upToDate: false,
    twins: twinCount,
    steps,
  };
  recordBuilt(memo, outDir, keyNow(), stats, record);
  // A complete build used every stage value the next one can reuse: the rest is for old code or content.
  memo.prune();
  // The old dist was being deleted meanwhile: the build is done when it is gone.
  await output.removed();
  return { ...stats, ms: performance.now() - start };
}
