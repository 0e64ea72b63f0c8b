/**
 * `paydocs serve` and `paydocs dev` under hostile requests: no request ends the process,
 * a rebuilt dist is served as it is now, redirects stay on the site, and no link leads
 * out of dist or the project. Real servers on loopback, raw requests where they must be malformed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../pipeline/build.ts';
import { BuildError } from '../../pipeline/diagnostics.ts';
import { startDevServer, type DevServer } from '../../pipeline/server/dev.ts';
import { OFF_SITE_PROBES, rawRequest, servedFixture } from '../serve-raw.ts';

const served = servedFixture();
const dist = () => served.dist;

const alive = async () => expect((await rawRequest(served.base, '/introduction')).status).toBe(200);

describe('paydocs serve survives bad requests', () => {
  it('answers an unsatisfiable Range with 416 and bytes */size, and lives on', async () => {
    const size = statSync(path.join(dist(), 'robots.txt')).size;
    for (const range of ['bytes=10-5', `bytes=${size + 10}-`, 'bytes=-0']) {
      const res = await rawRequest(served.base, '/robots.txt', { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
      await alive();
    }
  });

  it('serves what a Range allows, ignoring a malformed or multiple one', async () => {
    const whole = await readFile(path.join(dist(), 'robots.txt'));
    const part = await rawRequest(served.base, '/robots.txt', { Range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-5/${whole.length}`);
    expect(part.body).toEqual(whole.subarray(2, 6));
    const huge = await rawRequest(served.base, '/robots.txt', { Range: 'bytes=0-99999999999999999999' });
    expect(huge.status).toBe(206);
    expect(huge.body).toEqual(whole);
    for (const range of ['garbage', 'bytes=abc', 'bytes=0-1,3-4', 'items=0-5']) {
      const res = await rawRequest(served.base, '/robots.txt', { Range: range });
      expect(res.status, range).toBe(200);
      expect(res.body, range).toEqual(whole);
    }
    await alive();
  });

  it('answers malformed paths, methods and targets with 4xx, and lives on', async () => {
    expect((await rawRequest(served.base, '/%E0%A4%A')).status).toBe(400);
    expect((await rawRequest(served.base, '/introduction%')).status).toBe(400);
    expect((await rawRequest(served.base, '/a%00b.json')).status).toBe(404);
    expect((await rawRequest(served.base, 'http://evil.example/x')).status).toBe(400);
    expect((await rawRequest(served.base, '/introduction', {}, 'POST')).status).toBe(405);
    expect((await rawRequest(served.base, '/.paydocs-build')).status).toBe(404);
    await alive();
  }, 60_000);
});

describe('redirects stay on the site', () => {
  const onSite = (location: string | undefined, from: string) => {
    expect(location, from).toMatch(/^\/(?![/\\])/);
    expect(new URL(location!, served.base).host, from).toBe(new URL(served.base).host);
  };
  it('in paydocs serve', async () => {
    for (const probe of OFF_SITE_PROBES) {
      const res = await rawRequest(served.base, probe);
      expect(res.status, probe).toBe(301);
      onSite(res.headers.location, probe);
    }
    expect((await rawRequest(served.base, '/introduction.html?x=1')).headers.location).toBe('/introduction?x=1');
  });
});

describe('paydocs serve serves the dist on disk now', () => {
  it('after a rebuild under it: the whole manifest, the new page, a 404 for an old hashed file', async () => {
    const shards = () => readdirSync(path.join(dist(), '_data/search')).filter((f) => /\.[0-9a-f]{12}\.json$/.test(f));
    const before = shards();
    await writeFile(
      path.join(served.root, 'content/rebuilt.md'),
      '---\ntitle: Rebuilt page\ndescription: A page added while the server runs, long enough.\n' +
        'keywords: [rebuilt]\n---\nA page added while the server runs.\n',
    );
    await appendFile(path.join(served.root, 'content/introduction.md'), '\nMore text, so every hash changes.\n');
    await build({ root: served.root, cacheDir: false, pool: false });
    const manifest = await rawRequest(served.base, '/_data/manifest.json');
    expect(Number(manifest.headers['content-length'])).toBe(statSync(path.join(dist(), '_data/manifest.json')).size);
    expect(Object.keys(JSON.parse(manifest.body.toString()).routes)).toContain('/rebuilt');
    expect((await rawRequest(served.base, '/rebuilt')).status).toBe(200);
    const gone = before.filter((f) => !shards().includes(f));
    expect(gone.length).toBeGreaterThan(0);
    const stale = `/_data/search/${gone[0]}`;
    expect((await rawRequest(served.base, stale)).status).toBe(404);
    await alive();
  }, 60_000);
});

describe('links out of dist or the project are refused', () => {
  it('paydocs serve answers 404 for a link out of dist, and serves one inside it', async () => {
    await symlink('/etc/passwd', path.join(dist(), 'leak.txt'));
    await symlink(path.join(dist(), 'robots.txt'), path.join(dist(), 'inside.txt'));
    const leak = await rawRequest(served.base, '/leak.txt');
    expect(leak.status).toBe(404);
    expect(leak.body.toString()).not.toContain('root:');
    expect((await rawRequest(served.base, '/inside.txt')).status).toBe(200);
  });

  it('the build refuses a content/public link leaving the project (public-link), copies one inside it', async () => {
    const before = await readFile(path.join(dist(), 'index.html'), 'utf8');
    await writeFile(path.join(served.root, 'notes.txt'), 'inside the project');
    await symlink(path.join(served.root, 'notes.txt'), path.join(served.root, 'content/public/notes.txt'));
    await symlink('/etc/passwd', path.join(served.root, 'content/public/passwd.txt'));
    const error = await build({ root: served.root, cacheDir: false, pool: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).diagnostics).toEqual([
      expect.objectContaining({
        file: 'content/public/passwd.txt',
        rule: 'public-link',
        message: 'Expected a file inside the project, found a link to /etc/passwd.',
      }),
    ]);
    expect(await readFile(path.join(dist(), 'index.html'), 'utf8')).toBe(before);
    await rm(path.join(served.root, 'content/public/passwd.txt'));
    await build({ root: served.root, cacheDir: false, pool: false });
    expect(await readFile(path.join(dist(), 'notes.txt'), 'utf8')).toBe('inside the project');
  }, 60_000);

  it('the build refuses, at once, public files named like its own or in a hashed folder (public-clash)', async () => {
    const before = await readFile(path.join(dist(), 'index.html'), 'utf8');
    const clashing = [
      '_headers',
      'sitemap.xml',
      'introduction/index.html',
      'introduction.md',
      'index.html.br',
      'assets/app.js',
    ];
    const publicDir = path.join(served.root, 'content/public');
    for (const name of clashing) {
      await mkdir(path.dirname(path.join(publicDir, name)), { recursive: true });
      await writeFile(path.join(publicDir, name), 'mine');
    }
    try {
      const error = await build({ root: served.root, cacheDir: false, pool: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BuildError);
      const problems = (error as BuildError).diagnostics;
      expect(problems.map((d) => `${d.rule} ${d.file}`).sort()).toEqual(
        clashing.map((name) => `public-clash content/public/${name}`).sort(),
      );
      expect(problems).toContainEqual(
        expect.objectContaining({
          file: 'content/public/sitemap.xml',
          message:
            'Expected a name the build does not make itself, found sitemap.xml (the build writes a file of that name).',
        }),
      );
      expect(problems).toContainEqual(
        expect.objectContaining({
          file: 'content/public/assets/app.js',
          message:
            'Expected a file outside assets/, found assets/app.js (files ' +
            "there are the build's, cached for a year under their name).",
        }),
      );
      expect(await readFile(path.join(dist(), 'index.html'), 'utf8')).toBe(before);
    } finally {
      for (const name of clashing) await rm(path.join(publicDir, name.split('/')[0]), { recursive: true, force: true });
    }
  }, 60_000);

  describe('paydocs dev', () => {
    let dev: DevServer;
    beforeAll(async () => {
      dev = await startDevServer(served.root, { port: 0, host: '127.0.0.1', log: () => {} });
      // A problem of the content (public-link): dev goes on serving its last good build.
      await symlink('/etc/passwd', path.join(served.root, 'content/public/passwd.txt'));
      await dev.rebuild();
    }, 120_000);
    afterAll(async () => {
      await dev?.close();
    });

    it('answers 404 for a link out of the project, and serves one inside it', async () => {
      const leak = await rawRequest(dev.url, '/passwd.txt');
      expect(leak.status).toBe(404);
      expect(leak.body.toString()).not.toContain('root:');
      expect((await rawRequest(dev.url, '/notes.txt')).body.toString()).toContain('inside the project');
    });

    it('keeps redirects on the site', async () => {
      for (const probe of OFF_SITE_PROBES) {
        const res = await rawRequest(dev.url, probe);
        expect(res.status, probe).toBe(301);
        expect(new URL(res.headers.location, dev.url).host, probe).toBe(new URL(dev.url).host);
      }
    });
  });
});
