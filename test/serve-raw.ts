/** Server tests: raw HTTP requests exactly as written (malformed ones too), over loopback, and a served fixture. */
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startStaticServer } from '../pipeline/server/static.ts';
import { buildAndServe, builtFixture, fixtureCopy } from './helpers.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `GET <target>` (or a whole `request` text) with Connection: close and reads the response to the end. */
export function rawRequest(
  base: string,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no response to ${target}: ${all.toString('latin1')}`));
      const [statusLine, ...headerLines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const response: RawResponse = {
        status: Number(statusLine.split(' ')[1]),
        headers: {},
        body: all.subarray(split + 4),
      };
      for (const h of headerLines) {
        const i = h.indexOf(':');
        response.headers[h.slice(0, i).toLowerCase()] = h.slice(i + 1).trim();
      }
      resolve(response);
    });
  });
}

/**
 * Open-redirect probes: each must redirect to a path on the same site, never to another host.
 * (A target not starting with a slash, `\\evil…`, never reaches a handler: Node answers 400.)
 */
export const OFF_SITE_PROBES = [
  '//evil.example/x.html',
  '///evil.example/x.html',
  '/\\evil.example/x.html',
  '/\\/evil.example/x.html',
  '/%2F%2Fevil.example/x.html',
  '/%5Cevil.example/x.html',
  '/%2f/evil.example/x.html',
  '//evil.example/index.html?next=//evil.example',
  '/./\\evil.example/x.html',
];

/**
 * A fixture site built and served as `paydocs serve` does, for the tests of one file (vitest hooks):
 * a copy of its own to edit and build again, or (`shared`) the run's shared build, to read only.
 */
export function servedFixture(which: 'own' | 'shared' = 'own'): { root: string; base: string; dist: string } {
  const ctx = { root: '', base: '', dist: '' };
  let site: Awaited<ReturnType<typeof fixtureCopy>> | undefined;
  let server: import('node:http').Server | undefined;
  beforeAll(async () => {
    if (which === 'shared') {
      const { root, dist } = await builtFixture();
      server = await startStaticServer(dist, { port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      Object.assign(ctx, { root, base, dist });
      return;
    }
    site = await fixtureCopy();
    const served = await buildAndServe(site.root);
    server = served.server;
    Object.assign(ctx, { root: site.root, base: served.base, dist: path.join(site.root, 'dist') });
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await site?.cleanup();
  });
  return ctx;
}
