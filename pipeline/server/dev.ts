/**
 * `paydocs dev`: build into memory, serve, watch content/, schema/ and reader/. Three parts
 * with their own files: the session (dev-session.ts: what is built, and how a save changes
 * it), the routes (dev-routes.ts: what a path answers from it) and the watcher
 * (dev-watch.ts). This file wires them to an HTTP server and tells open pages, over
 * server-sent events, to reload. A broken file is printed and shown in the browser; the last
 * good build keeps being served, and the next good save recovers.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import compression from 'compression';
import pc from 'picocolors';
import { securityHeaders, redirectTarget } from './static.ts';
import { serverUrl } from './hosting.ts';
import { projectPath } from '../paths.ts';
import { createDevSession, type DevSession } from './dev-session.ts';
import { devResponse } from './dev-routes.ts';
import { watchProject, type Saved } from './dev-watch.ts';

export interface DevServer {
  server: http.Server;
  url: string;
  close(): Promise<void>;
  rebuild(): Promise<void>;
}

const CLIENT_URL = '/__paydocs/client.js';
const EVENTS_URL = '/__paydocs/events';

/** `onListening`: told the address as soon as the server listens, before the first build (which requests wait for). */
export async function startDevServer(
  root: string,
  options: { port: number; host: string; log?: (s: string) => void; onListening?: (url: string) => void },
): Promise<DevServer> {
  const log = options.log ?? ((s: string) => console.log(s));
  const pages = openPages();
  const session = createDevSession(root, log, {
    reload: pages.reload,
    buildError: (text) => pages.send('build-error', { text }),
    searchUpdated: () => pages.send('search-updated', {}),
  });
  /** The first build: requests wait for it (the server listens before it starts, so a busy port is said at once). */
  let firstBuild: Promise<unknown> = Promise.resolve();
  const clientJs = await readFile(projectPath('pipeline/server/dev-client.js'));
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    securityHeaders(res);
    res.setHeader('Cache-Control', 'no-store');
    const url = req.url ?? '/';
    const redirect = redirectTarget(url);
    if (redirect) return void res.writeHead(301, { Location: redirect }).end();
    const pathname = decodeURIComponent(url.split('?')[0]);
    if (pathname === EVENTS_URL) return pages.connect(req, res, session.state.lastError);
    if (pathname === CLIENT_URL) return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(clientJs);
    await firstBuild;
    const body = await devResponse(session.state, root, pathname, `${CLIENT_URL}?v=${pages.version()}`);
    if (body) res.writeHead(body.status ?? 200, { 'Content-Type': body.type }).end(body.data);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  };
  const server = await listen(handler, options);
  const address = server.address() as { port: number };
  const url = serverUrl(options.host, address.port);
  options.onListening?.(url);
  firstBuild = Promise.all([session.rebuildContent(), session.rebuildReader()]);
  await firstBuild;
  const watcher = watchProject(
    root,
    (saved) => applySave(session, saved, pages.reload, log),
    (error) => log(String(error)),
  );
  return {
    server,
    url,
    rebuild: () => session.rebuildContent(),
    async close() {
      session.close();
      await watcher.close();
      pages.closeAll();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * A save: code first (a fresh engine and reader bundle; the model again only if its code
 * changed), then the content. Open pages reload once what they show is ready.
 */
async function applySave(session: DevSession, saved: Saved, reload: () => void, log: (s: string) => void) {
  let rebuild = saved.content;
  if (saved.code) {
    const [, modelChanged] = await Promise.all([session.rebuildReader(), session.reloadCode()]);
    rebuild ||= modelChanged;
    // Nothing of the model changed (a reader edit): the new HTML and bundle are served now.
    if (!rebuild) {
      log(`${pc.green('✓')} code reloaded; no page compiled again (the site model's code is unchanged)`);
      reload();
    }
  }
  if (rebuild) await session.rebuildContent(saved.code ? [] : saved.files, saved.folders);
}

/**
 * The open pages, over server-sent events. Each page carries the version it was served at
 * (in its dev client's URL), and a client that connects after a newer one reloads: a
 * `reload` sent while a page was still loading is not lost.
 */
function openPages() {
  const clients = new Set<http.ServerResponse>();
  let version = 0;
  const send = (event: string, data: unknown) => {
    for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    send,
    version: () => version,
    reload() {
      version++;
      send('reload', { version });
    },
    connect(req: http.IncomingMessage, res: http.ServerResponse, error: string | undefined) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
      res.write(`event: hello\ndata: ${JSON.stringify({ error, version })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    closeAll() {
      for (const c of clients) c.end();
    },
  };
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** An HTTP server on `port`/`host` (rejects if it cannot listen), compressing all but the event stream. */
async function listen(handler: Handler, options: { port: number; host: string }): Promise<http.Server> {
  const compress = compression() as unknown as (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    next: () => void,
  ) => void;
  const run = (req: http.IncomingMessage, res: http.ServerResponse) => {
    handler(req, res).catch((e) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  };
  // Server-sent events must not pass through compression, which would buffer them.
  const server = http.createServer((req, res) =>
    req.url === EVENTS_URL ? run(req, res) : compress(req, res, () => run(req, res)),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return server;
}
