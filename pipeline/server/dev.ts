/**
 * `paydocs dev`: build into memory, serve, watch content/, schema/ and reader/.
 * A content change rebuilds through the page cache (only changed pages compile),
 * HTML is rendered on request, and open pages reload over server-sent events.
 * A broken file is printed and shown in the browser; the last good build keeps
 * being served, and the next good save recovers.
 */
import http from 'node:http';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import chokidar from 'chokidar';
import compression from 'compression';
import pc from 'picocolors';
import type { SiteModelBuild } from '../build.ts';
import type { ContentSet } from '../content/load.ts';
import { bundleReader, type Bundle } from '../emit/bundle.ts';
import * as current from './dev-engine.ts';
import type { SearchIndex } from '../build.ts';
import { type BuildError, formatDiagnostics } from '../diagnostics.ts';
import { securityHeaders, redirectTarget } from './static.ts';
import { publicFile } from './public-files.ts';
import { serverUrl } from './hosting.ts';
import { normalisePath } from '../../schema/paths.ts';
import { datesAfterSave } from '../content/last-updated.ts';
import mime from 'mime';
import { projectPath } from '../paths.ts';
import { MANIFEST_FILE, MANIFEST_URL, SEARCH_DIR } from '../../schema/dist-layout.ts';
import { machineResponse } from '../machine/serve.ts';
import { machineInput } from '../machine/outputs.ts';

export interface DevServer {
  server: http.Server;
  url: string;
  close(): Promise<void>;
  rebuild(): Promise<void>;
}

const CLIENT_URL = '/__paydocs/client.js';
/** A stable search-manifest path: the index follows each save, and a page loaded before it still finds the latest. */
const DEV_SEARCH_MANIFEST = `${SEARCH_DIR}/dev-manifest.json`;
/** Dev logs one line per rebuild, not one per step. */
const quiet = <T>(_name: string, run: () => Promise<T> | T) => Promise.resolve(run());

/** `onListening`: told the address as soon as the server listens, before the first build (which requests wait for). */
export async function startDevServer(
  root: string,
  options: { port: number; host: string; log?: (s: string) => void; onListening?: (url: string) => void },
): Promise<DevServer> {
  const log = options.log ?? ((s: string) => console.log(s));
  // The same steps as `build`, with the stage memo in memory: a save redoes only what it changed.
  // A save in schema/ or reader/ swaps in a fresh bundle of the steps, with a fresh memo.
  let engine: current.Engine = current;
  // A save compiles its page on this thread: the Markdown chunks it did not change are taken as parsed.
  engine.keepParsedChunks();
  let disposeEngine = () => {};
  let memo = await engine.createMemo({ root, cacheDir: false });
  let built: SiteModelBuild | undefined;
  let search: SearchIndex | undefined;
  /** Every search file served so far: the manifest of a page loaded before a re-index still finds its shards. */
  const searchFiles = new Map<string, string>();
  let bundle: Bundle | undefined;
  let lastError: string | undefined;
  const clients = new Set<http.ServerResponse>();
  const send = (event: string, data: unknown) => {
    for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  /**
   * What the server serves now: a page carries the version it was served at (in its dev
   * client's URL), and a client that connects after a newer one reloads — a `reload`
   * event sent while a page was still loading is not lost.
   */
  let version = 0;
  const reload = () => {
    version++;
    send('reload', { version });
  };
  const clientUrl = () => `${CLIENT_URL}?v=${version}`;
  /** Set when the code changed: the next content build starts afresh (threads, every page). */
  let rebuildAll = true;

  // The page reloads first; the index follows (a content change re-indexes only the contexts it touched).
  let indexing = Promise.resolve();
  const reindex = (model: SiteModelBuild, generation: number) => {
    indexing = indexing
      .then(async () => {
        if (built !== model) return;
        const t = performance.now();
        const fresh = await engine.buildSearch(model, memo, quiet);
        if (built !== model) return;
        // What neither this good build nor its index used (results of bad saves, old inputs) is dropped.
        memo.sweep(generation);
        search = fresh;
        for (const [k, v] of fresh.files) searchFiles.set(k, v);
        searchFiles.set(DEV_SEARCH_MANIFEST, fresh.files.get(fresh.manifestPath)!);
        log(pc.dim(`  search index rebuilt in ${(performance.now() - t).toFixed(0)} ms`));
        send('search-updated', {});
      })
      .catch((error) =>
        log(
          pc.red(
            `The search index failed: ${(error as Error).message ?? error}. Pages are served; search answers from the last index.`,
          ),
        ),
      );
  };
  /** A build is running, or the server closed: the compiler's warm-up (below) gives the thread back. */
  let building = false;
  let closed = false;
  /** The content as last read (by the last build, good or not): a save reads only the saved files again. */
  let content: ContentSet | undefined;
  /**
   * `saved`: the content files saved since the last build (root-relative); `reread`: a folder
   * came or went, so the whole content tree is read again.
   */
  const rebuildContent = async (saved: string[] = [], reread = false) => {
    const start = performance.now();
    // The first build compiles every page: use worker threads for it; later ones compile a page or two here.
    const pool = rebuildAll ? engine.createPool() : false;
    building = true;
    try {
      memo.resetStats();
      const generation = memo.startGeneration();
      const afterSave = Boolean(built && content && !rebuildAll && saved.length && !reread);
      // git runs for a full build; after a save only the saved files' dates change.
      const dates = afterSave ? await datesAfterSave(root, built!.dates, saved) : undefined;
      content = afterSave
        ? await engine.reloadContent(
            content!,
            saved.map((f) => path.join(root, f)),
          )
        : await engine.loadContent(root);
      built = await engine.buildModel({ root, pool }, memo, quiet, { dates, content });
      rebuildAll = false;
      lastError = undefined;
      const compiled = engine.counted(memo, 'compile').misses;
      log(
        `${pc.green('✓')} built ${built.pages.length} pages in ${(performance.now() - start).toFixed(0)} ms${compiled ? ` (${compiled} compiled)` : ''}`,
      );
      reload();
      reindex(built, generation);
      // The threads compiled this build: this one's compiler is cold for the first save (measured:
      // bench/HISTORY.md, compiler warm-up). It is warmed while the server waits, after the index.
      if (pool) {
        const model = built;
        indexing = indexing
          .then(() => engine.warmUpCompiler(model, () => building || closed || built !== model))
          .catch(() => {});
      }
    } catch (error) {
      // A fresh engine has its own BuildError class: recognise the error by its diagnostics.
      const diagnostics =
        error instanceof Error && Array.isArray((error as BuildError).diagnostics)
          ? (error as BuildError).diagnostics
          : undefined;
      lastError = diagnostics ? formatDiagnostics(diagnostics, false) : String((error as Error).stack ?? error);
      log(diagnostics ? formatDiagnostics(diagnostics) : pc.red(lastError));
      send('build-error', { text: lastError });
    } finally {
      building = false;
      if (pool) await pool.close();
    }
  };
  /** schema/ or reader/ changed: the steps and the renderer are imported afresh, and everything is built again with them. */
  const reloadCode = async () => {
    try {
      const fresh = await current.freshEngine();
      disposeEngine();
      ({ engine, dispose: disposeEngine } = fresh);
      engine.keepParsedChunks();
      memo = await engine.createMemo({ root, cacheDir: false });
      // The last good site is served until the new code has built it again.
      rebuildAll = true;
    } catch (error) {
      lastError = String((error as Error).message);
      log(pc.red(lastError));
      send('build-error', { text: lastError });
    }
  };
  const rebuildReader = async () => {
    try {
      bundle = await bundleReader({ minify: false, extraEntries: current.searchWorkerEntry() });
      reload();
    } catch (error) {
      lastError = String((error as Error).message);
      log(pc.red(lastError));
      send('build-error', { text: lastError });
    }
  };
  /** The first build: requests wait for it (the server listens before it starts, so a busy port is said at once). */
  let firstBuild: Promise<unknown> = Promise.resolve();

  const compress = compression() as unknown as (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    next: () => void,
  ) => void;
  const clientJs = await readFile(projectPath('pipeline/server/dev-client.js'));
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    securityHeaders(res);
    res.setHeader('Cache-Control', 'no-store');
    const url = req.url ?? '/';
    const redirect = redirectTarget(url);
    if (redirect) {
      res.writeHead(301, { Location: redirect }).end();
      return;
    }
    const pathname = decodeURIComponent(url.split('?')[0]);
    if (pathname === '/__paydocs/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
      res.write(`event: hello\ndata: ${JSON.stringify({ error: lastError, version })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (pathname === CLIENT_URL) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(clientJs);
      return;
    }
    await firstBuild;
    const body = await respond(pathname);
    if (body) {
      res.writeHead(body.status ?? 200, { 'Content-Type': body.type }).end(body.data);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  };

  async function respond(
    pathname: string,
  ): Promise<{ type: string; data: string | Uint8Array; status?: number } | undefined> {
    if (!built || !bundle)
      return {
        type: 'text/html',
        data: `<!doctype html><title>Build failed</title><script src="${clientUrl()}" type="module"></script><h1>Build failed</h1><pre>${(lastError ?? '').replace(/</g, '&lt;')}</pre>`,
        status: 500,
      };
    const rel = pathname.slice(1);
    if (rel === MANIFEST_FILE)
      return {
        type: 'application/json',
        data: JSON.stringify({
          ...engine.withSearch(
            built.manifest,
            search ?? ({ manifestPath: DEV_SEARCH_MANIFEST } as SearchIndex),
            bundle,
          ),
          search: `/${DEV_SEARCH_MANIFEST}`,
        }),
      };
    if (built.pageFiles.has(rel)) return { type: 'application/json', data: built.pageFiles.get(rel)!.json };
    if (rel === built.generatedData.path) return { type: 'application/json', data: built.generatedData.json };
    if (searchFiles.has(rel)) return { type: 'application/json', data: searchFiles.get(rel)! };
    const diagram = (await built.diagramFiles).get(rel);
    if (diagram) return { type: 'image/svg+xml', data: diagram };
    const machine = machineResponse(rel, machineInput(built));
    if (machine) return machine;
    const asset = bundle.files.find((f) => f.path === rel);
    if (asset) return { type: mime.getType(rel) ?? 'application/octet-stream', data: asset.contents };
    if (path.extname(pathname)) return publicFile(root, rel);
    const route = normalisePath(pathname);
    const page = built.pages.find((p) => p.route === route);
    const assets = { appJs: bundle.appJs, appCss: bundle.appCss, themeJs: bundle.themeJs, manifestUrl: MANIFEST_URL };
    const { html, known } = engine.renderDevPage({
      site: built.site.config,
      manifest: built.manifest,
      route,
      page,
      assets,
      devClient: clientUrl(),
    });
    return { type: 'text/html; charset=utf-8', data: html, status: known ? 200 : 404 };
  }

  const run = (req: http.IncomingMessage, res: http.ServerResponse) => {
    handler(req, res).catch((e) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  };
  // Server-sent events must not pass through compression, which would buffer them.
  const server = http.createServer((req, res) =>
    req.url === '/__paydocs/events' ? run(req, res) : compress(req, res, () => run(req, res)),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address() as { port: number };
  const url = serverUrl(options.host, address.port);
  options.onListening?.(url);
  firstBuild = Promise.all([rebuildContent(), rebuildReader()]);
  await firstBuild;

  // Watch folders with a filter function: chokidar ≥ 4 ignores globs silently.
  let timer: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  const watcher = chokidar.watch(
    ['content', 'schema', 'reader'].map((d) => path.join(root, d)),
    {
      ignoreInitial: true,
      // As the build reads content/: a link is itself an entry (rule not-a-file), not the files behind it.
      followSymlinks: false,
      ignored: (p: string) => p.includes('node_modules') || /(^|[/\\])\.[^/\\]/.test(path.relative(root, p)),
    },
  );
  let folders = false;
  watcher.on('all', (event, file) => {
    pending.add(path.relative(root, file));
    folders ||= event === 'addDir' || event === 'unlinkDir';
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const changed = pending;
      pending = new Set();
      const reread = folders;
      folders = false;
      const files = [...changed];
      const codeChanged = files.some((f) => /^(schema|reader)[/\\]/.test(f));
      if (codeChanged) await Promise.all([rebuildReader(), reloadCode()]);
      if (codeChanged || files.some((f) => f.startsWith('content')))
        await rebuildContent(codeChanged ? [] : files, reread);
    }, 30);
  });
  return {
    server,
    url,
    rebuild: () => rebuildContent(),
    async close() {
      closed = true;
      disposeEngine();
      await watcher.close();
      for (const c of clients) c.end();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    },
  };
}
