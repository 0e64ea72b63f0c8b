/**
 * The hosting rules travel with the build: dist/_headers and dist/_redirects
 * (Netlify / Cloudflare Pages syntax) say what `paydocs serve` does, and
 * `paydocs host nginx` and `paydocs host caddy` print configs nginx and Caddy accept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECURITY_HEADERS, cacheControl } from '../../pipeline/server/hosting.ts';
import { builtFixture, projectRoot } from '../helpers.ts';

let site: Awaited<ReturnType<typeof builtFixture>>;
let dist: string;
beforeAll(async () => {
  site = await builtFixture();
  dist = site.dist;
}, 120_000);
afterAll(() => site?.cleanup());

/**
 * The headers a Netlify / Cloudflare Pages host sends for `url` under a _headers file: every
 * matching rule's headers.
 */
function effectiveHeaders(file: string, url: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let matches = false;
  for (const line of file.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}$`,
      );
      matches = pattern.test(url);
      continue;
    }
    if (!matches) continue;
    const i = line.indexOf(':');
    (out[line.slice(0, i).trim()] ??= []).push(line.slice(i + 1).trim());
  }
  return out;
}

describe('dist/_headers', () => {
  it('gives every path the security headers paydocs serve sends, each once', async () => {
    const file = await readFile(path.join(dist, '_headers'), 'utf8');
    for (const url of ['/', '/introduction', '/assets/app.abc123.js', '/_data/manifest.json', '/no/such/page']) {
      const headers = effectiveHeaders(file, url);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(headers[name], `${url} ${name}`).toEqual([value]);
    }
  });

  it('caches hashed folders a year; revalidates page JSON, manifest, service worker; never both at once', async () => {
    const file = await readFile(path.join(dist, '_headers'), 'utf8');
    const manifest = JSON.parse(await readFile(path.join(dist, '_data/manifest.json'), 'utf8'));
    const pageJson = `/${manifest.routes['/introduction'].data.split('?')[0].replace(/^\//, '')}`;
    for (const url of ['/assets/app.abc123.js', `${manifest.search}`, pageJson, '/_data/manifest.json', '/sw.js']) {
      expect(effectiveHeaders(file, url)['Cache-Control'], url).toEqual([cacheControl(url)]);
    }
    expect(effectiveHeaders(file, '/sw.js')['Cache-Control']).toEqual(['no-cache']);
    // HTML keeps the host's default (revalidate): a Cache-Control on /* would be joined with the immutable one.
    expect(effectiveHeaders(file, '/introduction')['Cache-Control']).toBeUndefined();
  });
});

describe('dist/_redirects', () => {
  it("sends every route's .html and index.html address to the route (301, forced over the file)", async () => {
    const lines = new Set(
      (await readFile(path.join(dist, '_redirects'), 'utf8')).split('\n').filter((l) => l && !l.startsWith('#')),
    );
    const routes = Object.keys(JSON.parse(await readFile(path.join(dist, '_data/manifest.json'), 'utf8')).routes);
    expect(routes.length).toBeGreaterThan(5);
    expect(lines.has('/index.html / 301!')).toBe(true);
    for (const route of routes.filter((r) => r !== '/')) {
      expect(lines.has(`${route}/index.html ${route} 301!`), route).toBe(true);
      expect(lines.has(`${route}.html ${route} 301!`), route).toBe(true);
    }
  });
});

/** `paydocs host <server>` for the fixture's dist on a loopback port: its exit status and the config it printed. */
function printedConfig(server: 'nginx' | 'caddy', port: number) {
  return spawnSync(
    process.execPath,
    [path.join(projectRoot, 'bin/paydocs.js'), 'host', server, '--root', dist, '--port', String(port)],
    { cwd: site.root, encoding: 'utf8' },
  );
}

/** The first of `candidates` that runs with `args`, or undefined (the server is not installed here). */
const installed = (candidates: string[], args: string[]) => candidates.find((p) => spawnSync(p, args).status === 0);

/** Runs `check(folder)` in a fresh temp folder, removed afterwards. */
async function inTempFolder(prefix: string, check: (folder: string) => Promise<void>) {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  try {
    await check(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('paydocs host nginx', () => {
  it('prints a config for the given root and port, on loopback, that nginx -t accepts', async () => {
    const r = printedConfig('nginx', 8123);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('listen 127.0.0.1:8123;');
    expect(r.stdout).toContain(`root "${dist}";`);
    expect(r.stdout).toContain('daemon off;');
    for (const name of Object.keys(SECURITY_HEADERS)) expect(r.stdout).toContain(`add_header ${name} `);
    const nginx = installed(['/usr/sbin/nginx', '/usr/bin/nginx'], ['-v']);
    if (!nginx) return console.warn('nginx not found: nginx -t skipped (apt-get install -y nginx).');
    await inTempFolder('paydocs-nginx-', async (prefix) => {
      // Only logs/: nginx makes its temp folders (one level under the prefix) itself.
      await mkdir(path.join(prefix, 'logs'));
      await writeFile(path.join(prefix, 'nginx.conf'), r.stdout);
      const test = spawnSync(
        nginx,
        ['-t', '-e', 'logs/error.log', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')],
        { encoding: 'utf8' },
      );
      expect(test.status, test.stderr).toBe(0);
    });
  });
});

describe('paydocs host caddy', () => {
  it('prints a Caddyfile for the given root and port, on loopback, that caddy validate accepts', async () => {
    const r = printedConfig('caddy', 8124);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('http://127.0.0.1:8124 {');
    expect(r.stdout).toContain(`root * "${dist}"`);
    for (const name of Object.keys(SECURITY_HEADERS)) expect(r.stdout).toContain(`\t${name} "`);
    const caddy = installed(['/usr/bin/caddy', '/usr/local/bin/caddy'], ['version']);
    if (!caddy) return console.warn('caddy not found: caddy validate skipped (apt-get install -y caddy).');
    await inTempFolder('paydocs-caddy-', async (prefix) => {
      await writeFile(path.join(prefix, 'Caddyfile'), r.stdout);
      const env = {
        ...process.env,
        XDG_DATA_HOME: path.join(prefix, 'data'),
        XDG_CONFIG_HOME: path.join(prefix, 'config'),
      };
      const test = spawnSync(
        caddy,
        ['validate', '--adapter', 'caddyfile', '--config', path.join(prefix, 'Caddyfile')],
        { encoding: 'utf8', env, cwd: prefix },
      );
      expect(test.status, test.stderr).toBe(0);
    });
  });
});
