/**
 * Hosting rules, as data: the headers every response carries, how long each kind of
 * file may be cached, content types, which files get compressed twins, and where
 * `.html` addresses redirect. `paydocs serve`, `paydocs dev` and the build's write
 * stage read them from here, so a host configuration can be derived from one place.
 */
import type http from 'node:http';
import path from 'node:path';
import mime from 'mime';
import { CONTENT_SECURITY_POLICY } from '../emit/html.ts';
import { normalisePath } from '../../schema/paths.ts';
import { ATOM_CONTENT_TYPE, MACHINE_CONTENT_TYPES } from '../machine/serve.ts';
import { HASHED_FOLDERS, MANIFEST_URL, PAGES_DIR, SERVICE_WORKER_PATH } from '../../schema/dist-layout.ts';
import { CHANGELOG_FEED } from '../../schema/releases.ts';

/**
 * Headers every response carries, wherever the site is hosted: `paydocs serve` and
 * `dev`, dist/_headers (Netlify, Cloudflare Pages) and `paydocs host nginx`.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The docs use none of these powerful features: deny them to the page and any frame.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

export function securityHeaders(res: http.ServerResponse) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * URL prefixes of the folders whose every file has a content-hashed name (bundles, search
 * shards, the data generated content is printed with: schema/dist-layout.ts): such a file
 * never changes under its name, so browsers and CDNs keep it for a year. Everything
 * else — HTML, page JSON (versioned by `?v=` in the manifest, not by name), the manifest —
 * revalidates on every use.
 */
export const IMMUTABLE_PREFIXES: readonly string[] = HASHED_FOLDERS.map((folder) => `/${folder}/`);

/**
 * Files no cache may keep without asking, named for hosts whose default caching
 * differs (dist/_headers): page JSON and the manifest, and the offline worker — a
 * stale dist/sw.js would keep readers on an old build (browsers cap its HTTP caching
 * at a day; `no-cache` makes every update check see a new deploy at once).
 */
export const REVALIDATED_PATHS: readonly string[] = [`/${PAGES_DIR}/*`, MANIFEST_URL, SERVICE_WORKER_PATH];

export function cacheControl(pathname: string): string {
  return IMMUTABLE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? IMMUTABLE : REVALIDATE;
}

/**
 * Content types of what the site serves, by extension; `compress` files get `.br`
 * and `.gz` twins at build time and are served encoded to clients that accept it.
 * Other extensions fall back to the `mime` package, uncompressed.
 */
export const CONTENT_TYPES: Record<string, { type: string; compress: boolean }> = {
  '.html': { type: 'text/html; charset=utf-8', compress: true },
  '.js': { type: 'text/javascript; charset=utf-8', compress: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compress: true },
  '.css': { type: 'text/css; charset=utf-8', compress: true },
  '.json': { type: 'application/json; charset=utf-8', compress: true },
  '.map': { type: 'application/json; charset=utf-8', compress: true },
  '.svg': { type: 'image/svg+xml', compress: true },
  '.xml': { type: 'application/xml; charset=utf-8', compress: true },
  '.txt': { type: 'text/plain; charset=utf-8', compress: true },
  '.ico': { type: 'image/x-icon', compress: true },
  '.png': { type: 'image/png', compress: false },
  '.jpg': { type: 'image/jpeg', compress: false },
  '.webp': { type: 'image/webp', compress: false },
  '.woff2': { type: 'font/woff2', compress: false },
  // The machine-readable outputs (`<route>.md` twins, llms.txt): their types come from pipeline/machine.
  ...Object.fromEntries(Object.entries(MACHINE_CONTENT_TYPES).map(([ext, type]) => [ext, { type, compress: true }])),
};

/**
 * Files whose type their extension does not say: the changelog's Atom feed is XML of its own
 * media type (RFC 4287), which feed readers and browsers tell from a sitemap by it.
 */
export const FILE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  [`/${CHANGELOG_FEED}`]: ATOM_CONTENT_TYPE,
};

/** `file`: a path ending with the file's URL path (a path on disk under the served root, or the URL path itself). */
export function contentType(file: string): string {
  const named = Object.entries(FILE_CONTENT_TYPES).find(([at]) => file.replaceAll('\\', '/').endsWith(at));
  return (
    named?.[1] ??
    CONTENT_TYPES[path.extname(file).toLowerCase()]?.type ??
    mime.getType(file) ??
    'application/octet-stream'
  );
}

export const compressible = (file: string): boolean =>
  CONTENT_TYPES[path.extname(file).toLowerCase()]?.compress === true;

/** Encodings of the precompressed twins, in order of preference, with their file suffix. */
export const TWIN_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Characters a Location header carries as they are; anything else is percent-encoded. */
const encodeLoose = (s: string) =>
  s.replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);

/**
 * A clean address for `.html` / `index.html` URLs, or undefined if already clean.
 * The result always stays on the site: one leading slash, never `//host` nor `/\host`
 * (which browsers read as another host), whatever slashes the request carried.
 */
export function redirectTarget(url: string): string | undefined {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!/\.html$/.test(pathname)) return undefined;
  const segments = pathname.split(/[/\\]+/).filter(Boolean);
  return encodeLoose(normalisePath(`/${segments.join('/')}`) + (q === -1 ? '' : url.slice(q)));
}

/**
 * The address a server listening on `host` is opened at: an IPv6 address in brackets
 * (`http://[::1]:3000`; unbracketed the port reads as part of it), and a wildcard
 * (`0.0.0.0`, `::`) as `localhost`, which no browser can open as written.
 */
export function serverUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
