/**
 * One table of HTTP cases (http-cases.ts), three servers: `paydocs serve`, real nginx
 * running the config `paydocs host nginx` prints, and real Caddy running the Caddyfile
 * `paydocs host caddy` prints, on the same dist. nginx and Caddy are Debian's packages
 * (scripts/test.js installs them when it can); without one, its part is skipped with
 * the command to run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type http from 'node:http';
import { nginxConfig } from '../../pipeline/host/nginx.ts';
import { caddyConfig } from '../../pipeline/host/caddy.ts';
import { buildAndServe, fixtureCopy } from '../helpers.ts';
import { rawRequest } from '../serve-raw.ts';
import { HTTP_CASES, type DistFacts } from './http-cases.ts';

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);
if (!nginxBinary)
  console.warn(
    'nginx not found: the nginx part of test/host is skipped. Install ' +
      'it: apt-get install -y nginx libnginx-mod-http-brotli-static',
  );
const caddyBinary = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => spawnSync(p, ['version']).status === 0);
if (!caddyBinary)
  console.warn('caddy not found: the Caddy part of test/host is skipped. Install it: apt-get install -y caddy');

let site: Awaited<ReturnType<typeof fixtureCopy>>;
let serve: http.Server;
let serveBase: string;
let nginx: ChildProcess | undefined;
let nginxBase: string;
let caddy: ChildProcess | undefined;
let caddyBase: string;
let facts: DistFacts;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function waitFor(base: string) {
  for (let i = 0; i < 100; i++) {
    try {
      await rawRequest(base, '/robots.txt');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nothing answers at ${base}`);
}

beforeAll(async () => {
  site = await fixtureCopy();
  ({ server: serve, base: serveBase } = await buildAndServe(site.root));
  const dist = path.join(site.root, 'dist');
  const manifest = JSON.parse(await readFile(path.join(dist, '_data/manifest.json'), 'utf8'));
  const assets = await readdir(path.join(dist, 'assets'));
  const shards = await readdir(path.join(dist, '_data/search'));
  facts = {
    appJs: `assets/${assets.find((f) => /^app\.[0-9a-zA-Z]+\.js$/.test(f))}`,
    pageJson: manifest.routes['/introduction'].data.split('?')[0].replace(/^\//, ''),
    searchShard: `_data/search/${shards.find((f) => f.endsWith('.json'))}`,
    notFoundHtml: await readFile(path.join(dist, '404.html'), 'utf8'),
  };
  if (nginxBinary) {
    // nginx's workers run as an unprivileged user: the temp folder (0700) must let them in.
    await chmod(site.root, 0o755);
    const prefix = path.join(site.root, 'nginx');
    // Only logs/: nginx makes its temp folders (one level under the prefix) itself.
    await mkdir(path.join(prefix, 'logs'), { recursive: true });
    const port = await freePort();
    await writeFile(path.join(prefix, 'nginx.conf'), nginxConfig({ root: dist, port }));
    nginx = spawn(nginxBinary, ['-e', 'logs/error.log', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      stdio: 'inherit',
    });
    nginxBase = `http://127.0.0.1:${port}`;
    await waitFor(nginxBase);
  }
  if (caddyBinary) {
    const prefix = path.join(site.root, 'caddy');
    await mkdir(prefix, { recursive: true });
    const port = await freePort();
    await writeFile(path.join(prefix, 'Caddyfile'), caddyConfig({ root: dist, port }));
    // Caddy keeps its state under XDG folders: the prefix, not the user's home.
    const env = {
      ...process.env,
      XDG_DATA_HOME: path.join(prefix, 'data'),
      XDG_CONFIG_HOME: path.join(prefix, 'config'),
    };
    // Caddy logs every start-up step to stderr: kept, and shown only if it does not answer.
    caddy = spawn(caddyBinary, ['run', '--adapter', 'caddyfile', '--config', path.join(prefix, 'Caddyfile')], {
      cwd: prefix,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    caddy.stderr!.on('data', (d) => {
      log += d;
    });
    caddyBase = `http://127.0.0.1:${port}`;
    await waitFor(caddyBase).catch((error: Error) => {
      throw new Error(`${error.message}\n${log}`);
    });
  }
}, 180_000);

afterAll(async () => {
  serve?.close();
  if (nginx) {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx!.once('exit', r));
  }
  if (caddy) {
    caddy.kill('SIGTERM');
    await new Promise((r) => caddy!.once('exit', r));
  }
  await site?.cleanup();
});

const servers = [
  { name: 'paydocs serve', base: () => serveBase, present: true },
  { name: 'nginx (paydocs host nginx)', base: () => nginxBase, present: Boolean(nginxBinary) },
  { name: 'Caddy (paydocs host caddy)', base: () => caddyBase, present: Boolean(caddyBinary) },
];

for (const server of servers) {
  describe.skipIf(!server.present)(server.name, () => {
    for (const c of HTTP_CASES) {
      it(c.name, async () => {
        const target = typeof c.target === 'function' ? c.target(facts) : c.target;
        c.expect(await rawRequest(server.base(), target, c.headers, c.method), facts);
      });
    }
  });
}

describe('the servers agree', () => {
  for (const server of servers.slice(1)) {
    it.skipIf(!server.present)(
      `${server.name} and paydocs serve, on the bytes of a page, an asset and the 404 page`,
      async () => {
        for (const target of ['/introduction', `/${facts.appJs}`, '/nope']) {
          const [a, b] = await Promise.all([rawRequest(serveBase, target), rawRequest(server.base(), target)]);
          expect(b.status, target).toBe(a.status);
          expect(b.body.equals(a.body), target).toBe(true);
        }
      },
    );
  }
});
