/**
 * `paydocs host nginx`: a complete nginx.conf that serves a built dist exactly as
 * `paydocs serve` does, from the same hosting rules (pipeline/server/hosting.ts):
 * clean URLs, `.html` / `index.html` → 301 to the clean route with the query kept,
 * 404.html with status 404, the security headers on every response (404s and
 * assets included), immutable caching of hashed folders, precompressed twins
 * (gzip_static; brotli_static where the module is installed), no dotfiles, no
 * symlinks, no traversal, GET and HEAD only.
 *
 * Run in the foreground: `nginx -p <prefix> -c <file>` (logs under <prefix>/logs, which
 * must exist; each temp folder is one level under the prefix, which nginx creates itself).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CONTENT_TYPES,
  FILE_CONTENT_TYPES,
  IMMUTABLE,
  IMMUTABLE_PREFIXES,
  REVALIDATE,
  SECURITY_HEADERS,
} from '../server/hosting.ts';

export interface NginxOptions {
  /** The built site (absolute). */
  root: string;
  port: number;
  /** Interface to listen on: loopback unless told otherwise. */
  host?: string;
  /** ngx_http_brotli_static_module, when installed (Debian: libnginx-mod-http-brotli-static). */
  brotliModule?: string | false;
}

/** Where Debian's package puts the brotli static module. */
export const DEBIAN_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** nginx drops a server's add_header lines in any location that has its own: every location repeats them all. */
function headers(cacheControl: string): string[] {
  return [...Object.entries(SECURITY_HEADERS), ['Cache-Control', cacheControl]].map(
    ([name, value]) => `add_header ${name} ${quote(value)} always;`,
  );
}

const indent = (lines: string[], depth: number) => lines.map((l) => (l ? '    '.repeat(depth) + l : l));

function location(match: string, body: string[]): string[] {
  return [`location ${match} {`, ...indent(body, 1), '}'];
}

export function nginxConfig(options: NginxOptions): string {
  const root = path.resolve(options.root);
  const brotli =
    options.brotliModule === undefined
      ? existsSync(DEBIAN_BROTLI_MODULE)
        ? DEBIAN_BROTLI_MODULE
        : false
      : options.brotliModule;
  const types = Object.entries(CONTENT_TYPES).map(([ext, { type }]) => `${type.split(';')[0]} ${ext.slice(1)};`);
  const compressedTypes = [
    ...new Set(
      Object.values(CONTENT_TYPES)
        .filter((t) => t.compress)
        .map((t) => t.type.split(';')[0]),
    ),
  ].filter((t) => t !== 'text/html');
  const precompressed = ['gzip_static on;', ...(brotli ? ['brotli_static on;'] : [])];
  const server = [
    `listen ${options.host ?? '127.0.0.1'}:${options.port};`,
    'server_name _;',
    `root ${quote(root)};`,
    'server_tokens off;',
    // Locations in redirects stay relative ("/x"), as paydocs serve sends them.
    'absolute_redirect off;',
    'disable_symlinks on;',
    'charset utf-8;',
    `charset_types ${[
      ...new Set(
        [...Object.values(CONTENT_TYPES).map((t) => t.type), ...Object.values(FILE_CONTENT_TYPES)]
          .filter((t) => t.includes('charset'))
          .map((t) => t.split(';')[0]),
      ),
    ]
      .filter((t) => t !== 'text/html')
      .join(' ')};`,
    // Dynamic gzip for whatever has no twin; twins first.
    'gzip on;',
    'gzip_vary on;',
    `gzip_types ${compressedTypes.join(' ')};`,
    ...precompressed,
    '',
    // For responses no location answers (a 400 for a malformed request line).
    ...headers(REVALIDATE),
    'if ($request_method !~ ^(GET|HEAD)$) { return 405; }',
    'error_page 404 @not_found;',
    ...location('@not_found', [...headers(REVALIDATE), 'try_files /404.html =404;']),
    '',
    '# A backslash reads as "/" in browsers: "/\\evil.example" would leave the site. Refused before any redirect.',
    ...location('~ "\\x5c"', [...headers(REVALIDATE), 'return 404;']),
    '# .html and index.html addresses → the clean route, query kept (merge_slashes keeps them on this site).',
    ...location('= /index.html', [...headers(REVALIDATE), 'return 301 /$is_args$args;']),
    ...location('~ ^(.+)/index\\.html$', [...headers(REVALIDATE), 'return 301 $1$is_args$args;']),
    ...location('~ ^(.+)\\.html$', [...headers(REVALIDATE), 'return 301 $1$is_args$args;']),
    '',
    '# No dotfiles (but /.well-known).',
    ...location('~ /\\.(?!well-known/)', [...headers(REVALIDATE), 'return 404;']),
    '',
    ...IMMUTABLE_PREFIXES.flatMap((prefix) =>
      location(`^~ ${prefix}`, [...headers(IMMUTABLE), 'try_files $uri =404;']),
    ),
    '',
    '# Files whose extension does not say their type (the Atom feed).',
    ...Object.entries(FILE_CONTENT_TYPES).flatMap(([at, type]) =>
      location(`= ${at}`, [
        ...headers(REVALIDATE),
        'types { }',
        `default_type ${type.split(';')[0]};`,
        'try_files $uri =404;',
      ]),
    ),
    '',
    '# Clean routes: /x → x/index.html.',
    ...location('/', [...headers(REVALIDATE), 'try_files $uri $uri/index.html =404;']),
  ];
  const lines = [
    '# Generated by `paydocs host nginx` from pipeline/server/hosting.ts: serves the site as `paydocs serve` does.',
    `# Run: nginx -p <prefix> -c <this file>   (needs <prefix>/logs; temp folders are made in <prefix>)`,
    ...(brotli
      ? [`load_module ${brotli};`]
      : ['# Brotli twins: install libnginx-mod-http-brotli-static and generate again (gzip twins are served).']),
    'daemon off;',
    'worker_processes 1;',
    'pid nginx.pid;',
    'error_log logs/error.log warn;',
    '',
    'events { worker_connections 512; }',
    '',
    'http {',
    ...indent(
      [
        'access_log logs/access.log;',
        'client_body_temp_path client_body_temp;',
        'proxy_temp_path proxy_temp;',
        'fastcgi_temp_path fastcgi_temp;',
        'uwsgi_temp_path uwsgi_temp;',
        'scgi_temp_path scgi_temp;',
        'sendfile on;',
        `types {`,
        ...indent(types, 1),
        '}',
        'default_type application/octet-stream;',
        '',
        'server {',
        ...indent(server, 1),
        '}',
      ],
      1,
    ),
    '}',
    '',
  ];
  return lines.join('\n');
}
