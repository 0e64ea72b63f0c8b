/**
 * `paydocs serve`: a built dist served as a static host would. /x → /x/index.html;
 * `.html` and `index.html` addresses redirect (301) to the clean path, query kept;
 * unknown paths → 404.html with status 404; hashed assets immutable; compressed
 * responses; the strict CSP on every response; nothing outside dist (sirv).
 */
import http from 'node:http';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import sirv from 'sirv';
import compression from 'compression';
import { CONTENT_SECURITY_POLICY } from '../emit/html.ts';
import { machineContentType } from '../machine/serve.ts';
import { normalisePath } from '../content/routes.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export function securityHeaders(res: http.ServerResponse) {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
}

/** A clean address for `.html` / `index.html` URLs, or undefined if already clean. */
export function redirectTarget(url: string): string | undefined {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!/\.html$/.test(pathname)) return undefined;
  return normalisePath(pathname) + (q === -1 ? '' : url.slice(q));
}

export function createStaticHandler(root: string): Handler {
  const dist = path.resolve(root);
  const assets = sirv(dist, {
    dev: false, etag: true, extensions: [], dotfiles: false,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/assets/') || /^\/_data\/search\/.+\.[0-9a-f]{12}\.json$/.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
      const type = machineContentType(pathname);
      if (type) res.setHeader('Content-Type', type);
    },
  });
  const notFound = () => { const f = path.join(dist, '404.html'); return existsSync(f) ? readFileSync(f) : Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>'); };
  return (req, res) => {
    securityHeaders(res);
    const url = req.url ?? '/';
    const target = redirectTarget(url);
    if (target) { res.statusCode = 301; res.setHeader('Location', target); res.end(); return; }
    const [pathname, query = ''] = url.split('?');
    // Clean routes map to their prerendered index.html.
    if (!path.extname(pathname) || pathname.endsWith('/')) {
      const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/';
      req.url = (clean === '/' ? '/index.html' : `${clean}/index.html`) + (query ? `?${query}` : '');
    }
    assets(req, res, () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(notFound());
    });
  };
}

export function startStaticServer(root: string, options: { port: number; host: string }): Promise<http.Server> {
  const compress = compression() as unknown as Handler;
  const handler = createStaticHandler(root);
  const server = http.createServer((req, res) => compress(req, res, () => handler(req, res, () => {})));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
