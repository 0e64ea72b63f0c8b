/**
 * The build, as a table of contents of named steps:
 * load → validate → cross-check → compile (workers + cache) → sidebar & links →
 * assemble page JSON → search index → bundle reader → prerender → write (atomic).
 * `check` runs the same steps up to the link check and writes nothing.
 */
import path from 'node:path';
import { shortHash as hash } from './hash.ts';
import { gzipSync } from 'node:zlib';
import { loadContent, reloadContent, type ContentSet } from './content/load.ts';
import { validateContent, type SiteModel, type ValidationMemo } from './content/validate.ts';
import { crossCheck } from './content/cross-check.ts';
import { lastUpdatedDates } from './content/last-updated.ts';
import { pageDataPath } from './content/routes.ts';
import { compileAll } from './compile/compile-all.ts';
import type { CompiledPage } from './compile/compile-page.ts';
import { compileContext } from './compile/context.ts';
import { createPageCache, type PageCache } from './cache.ts';
import { buildSidebar, sidebarPages } from './link/sidebar.ts';
import { checkLinks } from './link/links.ts';
import { assemblePages } from './link/assemble.ts';
import { buildSearchIndex } from './search/build-index.ts';
import { definedTerms } from './search/defines.ts';
import { bundleReader, initialScripts, type Bundle } from './emit/bundle.ts';
import { prerenderSite } from './emit/prerender-site.ts';
import { serializePage } from './link/page-json.ts';
import { createPool, type WorkerPool } from './workers/pool.ts';
import { buildManifest, iconKeys, jsonSchemas, resolveIcons, sitemap } from './emit/artifacts.ts';
import { writeAtomically, type OutputFiles } from './emit/write.ts';
import { machineFiles, machineInput } from './machine/outputs.ts';
import { createStepper, type StepLog } from './step.ts';
import { projectPath } from './paths.ts';
import { BuildError, type Diagnostic } from './diagnostics.ts';
import * as codes from './sources/index.ts';
import type { PageData } from '../schema/page.ts';
import type { Manifest } from '../schema/manifest.ts';
import type { SidebarItemOut } from '../schema/manifest.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  /** Reuse across rebuilds (dev server); created when absent. */
  cache?: PageCache;
  /** Disk cache folder; false for none. */
  cacheDir?: string | false;
  minify?: boolean;
  log?: (line: string) => void;
  /** State kept between rebuilds by the dev server; with `changed`, only those files are read again. */
  memo?: BuildMemo;
  changed?: string[];
  /** Leave the search index to `SiteBuild.reindex()` (dev server), served under DEV_SEARCH_MANIFEST. */
  deferSearch?: boolean;
  /** Worker threads for compile and prerender: a shared pool, false for none (tests, dev), or absent to start one. */
  pool?: WorkerPool | false;
}

export interface BuildMemo {
  content?: ContentSet;
  validation: ValidationMemo;
  dates?: Map<string, string>;
  /** Serialized page JSON by compiled page, reused while nothing around the page changed. */
  pageJson: WeakMap<object, { key: string; json: string; hash: string }>;
  groups: WeakMap<object, { key: string; ast: CompiledPage['ast'] }>;
  sidebar?: { key: string; result: ReturnType<typeof buildSidebar> };
  links?: { routesKey: string; byPage: WeakMap<object, Diagnostic[]> };
}

/** Stable search-manifest path of the dev server, whose index is rebuilt after each page. */
export const DEV_SEARCH_MANIFEST = '_data/search/dev-manifest.json';

export const createBuildMemo = (): BuildMemo => ({ validation: new Map(), pageJson: new WeakMap(), groups: new WeakMap() });

export interface SiteBuild {
  /** Pages taken from the compile cache. */
  fromCache: number;
  /** Builds the search index into `searchFiles` (with `deferSearch`) and returns it. */
  reindex: () => ReturnType<typeof buildSearchIndex>;
  site: SiteModel;
  pages: PageData[];
  compiled: Map<string, CompiledPage>;
  sidebar: SidebarItemOut[];
  manifest: Manifest;
  searchFiles: Map<string, string>;
  pageFiles: Map<string, string>;
}

export interface BuildStats { pages: number; ms: number; initialJsGzip: number; cssGzip: number; pageJsonBytes: number; fromCache: number; steps: StepLog[] }


/** Everything up to the page JSON, manifest and search index, in memory. Throws BuildError with every problem. */
export async function buildSite(options: BuildOptions, stepper = createStepper(options.log)): Promise<SiteBuild> {
  const { step } = stepper;
  const diagnostics: Diagnostic[] = [];
  const memo = options.memo;
  const content: ContentSet = await step('load content', () => (memo?.content && options.changed ? reloadContent(memo.content, options.changed) : loadContent(options.root)));
  if (memo) memo.content = content;
  const validated = await step('validate frontmatter', () => validateContent(content, memo?.validation));
  diagnostics.push(...validated.diagnostics);
  const site = validated.site;
  if (!site) throw new BuildError(diagnostics);
  diagnostics.push(...(await step('cross-check references', () => crossCheck(site, codes))));

  const ctx = compileContext(site);
  const cache = options.cache ?? (await createPageCache(options.cacheDir === false ? undefined : options.cacheDir ?? path.join(options.root, 'node_modules/.cache/paydocs')));
  const { pages: compiled, failures, fromCache } = await step('compile pages', () => compileAll(site.pages.map((p) => ({ route: p.route, relFile: p.relFile, hash: p.hash, frontmatter: p.frontmatter, body: p.body, bodyLine: p.bodyLine })), ctx, cache, { pool: options.pool || undefined }));
  for (const f of failures) diagnostics.push({ file: site.pages.find((p) => p.route === f.route)?.relFile ?? f.route, message: `The compiler crashed: ${f.message.split('\n')[0]}`, rule: 'compile-crash' });
  for (const page of site.pages) {
    for (const issue of compiled.get(page.route)?.issues ?? []) diagnostics.push({ file: page.relFile, line: issue.line, message: issue.message, hint: issue.hint, rule: issue.rule });
  }

  const sidebar = await step('build sidebar', () => {
    const navPages = sidebarPages(site.pages);
    const key = JSON.stringify([site.sidebars.docs, navPages, [...site.categories]]);
    if (memo?.sidebar?.key === key) return memo.sidebar.result;
    const result = buildSidebar(site.sidebars.docs ?? [], navPages, site.categories, 'content/sidebars.yaml');
    if (memo) memo.sidebar = { key, result };
    return result;
  });
  diagnostics.push(...sidebar.diagnostics);
  const routes = new Set(site.pages.map((p) => p.route));
  diagnostics.push(...(await step('check links', () => {
    const statics = new Set(content.publicFiles);
    // Dev: while the set of routes is the same, a page's links need checking only when the page changed.
    const routesKey = [...routes, '\0', ...statics].join('\n');
    if (memo && memo.links?.routesKey !== routesKey) memo.links = { routesKey, byPage: new WeakMap() };
    return site.pages.flatMap((p) => {
      const page = compiled.get(p.route);
      const hit = page && memo?.links?.byPage.get(page);
      if (hit) return hit;
      const found = checkLinks([{ relFile: p.relFile, links: page?.links ?? [] }], routes, statics);
      if (page) memo?.links?.byPage.set(page, found);
      return found;
    });
  })));
  if (diagnostics.length) throw new BuildError(diagnostics);

  const dates = await step('read last-updated dates', async () => {
    if (!memo?.dates) {
      const read = await lastUpdatedDates(options.root, site.pages.map((p) => p.relFile));
      if (memo) memo.dates = read;
      return read;
    }
    // Dev: a file saved now was updated today.
    const today = new Date().toISOString().slice(0, 10);
    for (const f of options.changed ?? []) memo.dates.set(path.relative(options.root, f).split(path.sep).join('/'), today);
    return memo.dates;
  });
  const pages = await step('assemble page JSON', () => assemblePages(site.pages, compiled, sidebar.items, dates, memo?.groups));

  const defined = definedTerms(site.pages, site.data);
  const searchInput = pages.map((p) => ({
    route: p.route, title: p.title, description: p.description, keywords: p.keywords,
    breadcrumbs: p.breadcrumbs.map((b) => b.label), sections: compiled.get(p.route)?.sections ?? [], defines: defined.get(p.route),
  }));
  const searchOptions = { synonyms: site.data.search_synonyms };
  // Dev: the page is ready before its index; the server builds the index right after, in `reindex()`.
  const search = options.deferSearch
    ? { files: new Map<string, string>(), manifestPath: DEV_SEARCH_MANIFEST }
    : await step('build search shards', () => buildSearchIndex(searchInput, site.config, searchOptions));
  const reindex = () => {
    const fresh = buildSearchIndex(searchInput, site.config, searchOptions);
    search.files.clear();
    for (const [k, v] of fresh.files) search.files.set(k, v);
    search.files.set(DEV_SEARCH_MANIFEST, fresh.files.get(fresh.manifestPath)!);
    return fresh;
  };

  const pageFiles = new Map<string, string>();
  const manifestRoutes: Manifest['routes'] = {};
  for (const page of pages) {
    const { json, hash: contentHash } = serializePage(page, compiled.get(page.route), memo?.pageJson);
    pageFiles.set(pageDataPath(page.route), json);
    manifestRoutes[page.route] = { title: page.title, kind: page.kind, data: `${pageDataPath(page.route)}?v=${contentHash}` };
  }
  const icons = resolveIcons(iconKeys(site.config));
  // The routes carry every page's content hash, so they stand for the pages here.
  const buildId = hash([JSON.stringify(manifestRoutes), JSON.stringify(sidebar.items), search.manifestPath, JSON.stringify(site.config)].join('\0'));
  const manifest = buildManifest({ site: site.config, buildId, routes: manifestRoutes, sidebar: sidebar.items, search: `/${search.manifestPath}`, icons });
  return { site, pages, compiled, sidebar: sidebar.items, manifest, searchFiles: search.files, pageFiles, fromCache, reindex };
}



export async function build(options: BuildOptions): Promise<BuildStats> {
  const start = performance.now();
  const stepper = createStepper(options.log);
  const outDir = path.resolve(options.root, options.outDir ?? 'dist');
  // Threads start now, while this one loads and validates the content.
  const threads = Number(process.env.PAYDOCS_THREADS ?? NaN);
  const pool = options.pool === undefined ? (threads === 0 ? false : createPool(Number.isNaN(threads) ? undefined : threads)) : options.pool;
  try {
    return await buildWith({ ...options, pool }, outDir, start, stepper);
  } finally {
    if (pool && pool !== options.pool) await pool.close();
  }
}

async function buildWith(options: BuildOptions, outDir: string, start: number, stepper: ReturnType<typeof createStepper>): Promise<BuildStats> {
  const { step } = stepper;
  // The reader bundle does not depend on content: start it at once, alongside the compile.
  const bundling = bundleReader({ minify: options.minify, extraEntries: searchWorkerEntry() });
  bundling.catch(() => {});
  // The search index is built on this thread while the workers prerender (HTML does not depend on it).
  const built = await buildSite({ ...options, deferSearch: true }, stepper);
  const bundle = await step('bundle reader', () => bundling);

  const files: OutputFiles = new Map();
  for (const [p, json] of built.pageFiles) files.set(p, json);
  for (const f of bundle.files) files.set(f.path, f.contents);
  const prerendering = step('prerender HTML', () => prerenderSite(built, bundle, files, '/_data/manifest.json', options.pool || undefined));
  prerendering.catch(() => {});
  const search = await step('build search shards', () => built.reindex());
  for (const [p, json] of search.files) files.set(p, json);
  for (const [p, text] of await step('machine-readable outputs', () => machineFiles(machineInput(built)))) files.set(p, text);
  const manifest = withSearchWorker({ ...built.manifest, search: `/${search.manifestPath}` }, bundle);
  files.set('_data/manifest.json', JSON.stringify(manifest));
  await prerendering;
  files.set('sitemap.xml', sitemap(built.site.config.url, built.pages.map((p) => ({ route: p.route, lastmod: p.lastUpdated }))));
  files.set('robots.txt', `User-agent: *\nAllow: /\nSitemap: ${built.site.config.url.replace(/\/$/, '')}/sitemap.xml\n`);
  for (const [name, schema] of Object.entries(jsonSchemas())) files.set(`schema/${name}.json`, JSON.stringify(schema, null, 2));
  const contentDir = path.join(options.root, 'content');
  const { readdir } = await import('node:fs/promises');
  const publicDir = path.join(contentDir, 'public');
  const publicFiles = (await readdir(publicDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => path.relative(publicDir, path.join(e.parentPath, e.name)));
  await step('write dist (atomic swap)', () => writeAtomically(outDir, files, publicFiles.map((f) => ({ from: path.join(publicDir, f), to: f }))));

  const gz = (p: string) => { const c = files.get(p); return c ? gzipSync(c).length : 0; };
  const initialJs = initialScripts(bundle);
  return {
    pages: built.pages.length,
    ms: performance.now() - start,
    initialJsGzip: initialJs.reduce((n, p) => n + gz(p), 0),
    cssGzip: gz(bundle.appCss),
    pageJsonBytes: [...built.pageFiles.values()].reduce((n, s) => n + Buffer.byteLength(s), 0),
    fromCache: built.fromCache,
    steps: stepper.steps,
  };
}


/** The search worker entry: reader/search/worker.ts, bundled beside the app under a content-hashed name. */
export function searchWorkerEntry(): Record<string, string> {
  return { searchWorker: projectPath('reader/search/worker.ts') };
}

/** The manifest as served: with the URL of this bundle's search worker, which the reader starts. */
export function withSearchWorker(manifest: Manifest, bundle: Bundle): Manifest {
  return bundle.entries.searchWorker ? { ...manifest, searchWorker: `/${bundle.entries.searchWorker}` } : manifest;
}
