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
import { buildSite, createBuildMemo, type SiteBuild } from '../build.ts';
import { createPool } from '../workers/pool.ts';
import { bundleReader, type Bundle } from '../emit/bundle.ts';
import { searchWorkerEntry, withSearchWorker } from '../build.ts';
import { htmlDocument } from '../emit/html.ts';
import { createPageCache } from '../cache.ts';
import { BuildError, formatDiagnostics } from '../diagnostics.ts';
import { securityHeaders, redirectTarget } from './static.ts';
import { normalisePath } from '../content/routes.ts';
import mime from 'mime';
import { projectPath } from '../paths.ts';
import { machineResponse } from '../machine/serve.ts';
import { machineInput } from '../machine/outputs.ts';

export interface DevServer { server: http.Server; url: string; close(): Promise<void>; rebuild(): Promise<void> }

const CLIENT_URL = '/__paydocs/client.js';

export async function startDevServer(root: string, options: { port: number; host: string; log?: (s: string) => void }): Promise<DevServer> {
  const log = options.log ?? ((s: string) => console.log(s));
  const cache = await createPageCache(path.join(root, 'node_modules/.cache/paydocs'));
  let built: SiteBuild | undefined;
  let bundle: Bundle | undefined;
  let lastError: string | undefined;
  const clients = new Set<http.ServerResponse>();
  const send = (event: string, data: unknown) => { for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`); };

  const memo = createBuildMemo();
  // Re-index once the reloaded page has been served: the index follows within a second.
  let reindexTimer: NodeJS.Timeout | undefined;
  const scheduleReindex = (site: SiteBuild) => {
    clearTimeout(reindexTimer);
    reindexTimer = setTimeout(() => {
      const t = performance.now();
      site.reindex();
      log(pc.dim(`  search index rebuilt in ${(performance.now() - t).toFixed(0)} ms`));
      send('search-updated', {});
    }, built === site ? 150 : 0);
  };
  /** `changed`: content files to read again; absent → read everything (first build, schema change). */
  const rebuildContent = async (changed?: string[]) => {
    const start = performance.now();
    // The first build compiles every page: use worker threads for it; later ones compile a page or two here.
    const pool = built ? false : createPool();
    try {
      const previous = built;
      built = await buildSite({ root, cache, pool, memo, changed: built ? changed : undefined, deferSearch: true });
      // Until the new index is built, the previous one keeps search working.
      if (previous) for (const [k, v] of previous.searchFiles) built.searchFiles.set(k, v);
      scheduleReindex(built);
      lastError = undefined;
      log(`${pc.green('✓')} built ${built.pages.length} pages in ${(performance.now() - start).toFixed(0)} ms${built.fromCache < built.pages.length ? ` (${built.pages.length - built.fromCache} compiled)` : ''}`);
      send('reload', {});
    } catch (error) {
      lastError = error instanceof BuildError ? formatDiagnostics(error.diagnostics, false) : String((error as Error).stack ?? error);
      log(error instanceof BuildError ? formatDiagnostics(error.diagnostics) : pc.red(lastError));
      send('build-error', { text: lastError });
    } finally {
      if (pool) await pool.close();
    }
  };
  const rebuildReader = async () => {
    try { bundle = await bundleReader({ minify: false, extraEntries: searchWorkerEntry() }); send('reload', {}); }
    catch (error) { lastError = String((error as Error).message); log(pc.red(lastError)); send('build-error', { text: lastError }); }
  };
  await Promise.all([rebuildContent(), rebuildReader()]);

  const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  const clientJs = await readFile(projectPath('pipeline/server/dev-client.js'));
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    securityHeaders(res);
    res.setHeader('Cache-Control', 'no-store');
    const url = req.url ?? '/';
    const redirect = redirectTarget(url);
    if (redirect) { res.writeHead(301, { Location: redirect }).end(); return; }
    const pathname = decodeURIComponent(url.split('?')[0]);
    if (pathname === '/__paydocs/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
      res.write(`event: hello\ndata: ${JSON.stringify({ error: lastError })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (pathname === CLIENT_URL) { res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(clientJs); return; }
    const body = await respond(pathname);
    if (body) { res.writeHead(body.status ?? 200, { 'Content-Type': body.type }).end(body.data); return; }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  };

  async function respond(pathname: string): Promise<{ type: string; data: string | Uint8Array; status?: number } | undefined> {
    if (!built || !bundle) return { type: 'text/html', data: `<!doctype html><title>Build failed</title><script src="${CLIENT_URL}" type="module"></script><h1>Build failed</h1><pre>${(lastError ?? '').replace(/</g, '&lt;')}</pre>`, status: 500 };
    const rel = pathname.slice(1);
    if (rel === '_data/manifest.json') return { type: 'application/json', data: JSON.stringify(withSearchWorker(built.manifest, bundle)) };
    if (built.pageFiles.has(rel)) return { type: 'application/json', data: built.pageFiles.get(rel)! };
    if (built.searchFiles.has(rel)) return { type: 'application/json', data: built.searchFiles.get(rel)! };
    const machine = machineResponse(rel, machineInput(built));
    if (machine) return machine;
    const asset = bundle.files.find((f) => f.path === rel);
    if (asset) return { type: mime.getType(rel) ?? 'application/octet-stream', data: asset.contents };
    if (path.extname(pathname)) {
      const file = path.join(root, 'content/public', path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
      if (!file.startsWith(path.join(root, 'content/public'))) return undefined;
      try { return { type: mime.getType(file) ?? 'application/octet-stream', data: await readFile(file) }; } catch { return undefined; }
    }
    const route = normalisePath(pathname);
    const page = built.pages.find((p) => p.route === route);
    const { renderRoute } = await import('../../reader/render.tsx');
    const assets = { appJs: bundle.appJs, appCss: bundle.appCss, themeJs: bundle.themeJs, manifestUrl: '/_data/manifest.json' };
    const known = Boolean(page) || route === '/search';
    const html = htmlDocument({
      site: built.site.config, route, page, title: page?.title ?? (route === '/search' ? 'Search' : 'Page Not Found'),
      description: page?.description ?? '', body: renderRoute(built.manifest, route, page), assets, devClient: CLIENT_URL, noindex: !known,
    });
    return { type: 'text/html; charset=utf-8', data: html, status: known ? 200 : 404 };
  }

  const run = (req: http.IncomingMessage, res: http.ServerResponse) => { handler(req, res).catch((e) => { res.statusCode = 500; res.end(String(e)); }); };
  // Server-sent events must not pass through compression, which would buffer them.
  const server = http.createServer((req, res) => (req.url === '/__paydocs/events' ? run(req, res) : compress(req, res, () => run(req, res))));
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(options.port, options.host, resolve); });

  // Watch folders with a filter function: chokidar ≥ 4 ignores globs silently.
  let timer: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  const watcher = chokidar.watch(['content', 'schema', 'reader'].map((d) => path.join(root, d)), {
    ignoreInitial: true,
    ignored: (p: string) => p.includes('node_modules') || /(^|[/\\])\.[^/\\]/.test(path.relative(root, p)),
  });
  watcher.on('all', (_event, file) => {
    pending.add(path.relative(root, file));
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const changed = pending; pending = new Set();
      const files = [...changed];
      const schemaChanged = files.some((f) => f.startsWith('schema'));
      if (schemaChanged || files.some((f) => f.startsWith('reader'))) await rebuildReader();
      if (schemaChanged) await rebuildContent();
      else if (files.some((f) => f.startsWith('content'))) await rebuildContent(files.map((f) => path.join(root, f)));
    }, 30);
  });
  const address = server.address() as { port: number };
  return {
    server,
    url: `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${address.port}`,
    rebuild: () => rebuildContent(),
    async close() { await watcher.close(); for (const c of clients) c.end(); server.closeAllConnections?.(); await new Promise((r) => server.close(r)); },
  };
}
