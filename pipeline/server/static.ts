/**
 * `paydocs serve`: a built dist served as a static host would. /x → /x/index.html;
 * `.html` and `index.html` addresses redirect (301) to the clean path on this site,
 * query kept; unknown paths → 404.html with status 404; hashed assets immutable;
 * precompressed `.br` / `.gz` twins to clients that accept them; the strict CSP on
 * every response; nothing outside dist, no dotfiles.
 *
 * What is on disk now is served: every request resolves its file afresh, so a dist
 * rebuilt (swapped by rename) under a running server is served whole. No request can
 * end the process: bad input gets a 4xx, any failure a 500 for that request only.
 */
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cacheControl, REVALIDATE, redirectTarget, securityHeaders } from './hosting.ts';
import { decodePath, resolveInside, sendFile } from './files.ts';

export { securityHeaders, redirectTarget } from './hosting.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** A build swaps dist in with two renames; between them there is no dist for a moment: wait it out once. */
async function midSwap(dist: string): Promise<boolean> {
  if (existsSync(dist)) return false;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return true;
}

const FALLBACK_404 = '<!doctype html><title>Not found</title><h1>Not found</h1>';

export function createStaticHandler(root: string): Handler {
  const dist = path.resolve(root);
  const plain = (res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
    res
      .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
      .end(text);
  };
  const notFound = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const page = await resolveInside(dist, '404.html');
    if (page && (await sendFile(req, res, page, { status: 404, cacheControl: REVALIDATE }))) return;
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE }).end(FALLBACK_404);
  };
  const handle: Handler = async (req, res) => {
    securityHeaders(res);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const url = req.url ?? '/';
    if (!url.startsWith('/')) return plain(res, 400, 'Bad request');
    const target = redirectTarget(url);
    if (target) {
      res.writeHead(301, { Location: target }).end();
      return;
    }
    const rawPath = url.split('?')[0];
    const pathname = decodePath(rawPath);
    if (pathname === undefined) return plain(res, 400, 'Bad request: malformed percent-encoding');
    // Clean routes map to their prerendered index.html.
    const route = !path.extname(pathname) || pathname.endsWith('/');
    const rel = route ? `${pathname}/index.html` : pathname;
    const file =
      (await resolveInside(dist, rel)) ?? ((await midSwap(dist)) ? await resolveInside(dist, rel) : undefined);
    if (file && (await sendFile(req, res, file, { cacheControl: cacheControl(pathname) }))) return;
    await notFound(req, res);
  };
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch {
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.destroy();
    }
  };
}

export function startStaticServer(root: string, options: { port: number; host: string }): Promise<http.Server> {
  const handler = createStaticHandler(root);
  const server = http.createServer((req, res) => void handler(req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
