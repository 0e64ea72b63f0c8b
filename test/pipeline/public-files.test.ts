/**
 * content/public as check, dev and build all see it (content/public-listing.ts): a file
 * published through a link inside the project is a file like any other, and its problems
 * (public-link, public-clash) are the content's, reported with the others in one run.
 * Real builds of the fixture; a real dev server.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { build, buildSite } from '../../pipeline/build.ts';
import { BuildError } from '../../pipeline/diagnostics.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { namesABuildMakes } from '../../pipeline/emit/build-names.ts';
import { startDevServer } from '../../pipeline/server/dev.ts';
import { HASHED_FOLDERS } from '../../schema/dist-layout.ts';
import { builtFixture, fixtureCopy } from '../helpers.ts';
import { rawRequest } from '../serve-raw.ts';

const problemsOf = (error: unknown) => {
  expect(error).toBeInstanceOf(BuildError);
  return (error as BuildError).diagnostics
    .map((d) => `${d.file}${d.line ? `:${d.line}` : ''} ${d.rule}: ${d.message}`)
    .sort();
};

describe('the names a build makes, known before it starts', () => {
  let site: Awaited<ReturnType<typeof builtFixture>>;
  beforeAll(async () => {
    site = await builtFixture();
  }, 120_000);
  afterAll(async () => {
    await site?.cleanup();
  });

  it('are exactly the files it writes outside its hashed-file folders (public-clash checks against them)', async () => {
    const content = await loadContent(site.root);
    const names = namesABuildMakes(validateContent(content).site!.pages);
    const written = readdirSync(site.dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(site.dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter(
        (f) =>
          !/\.(br|gz)$/.test(f) &&
          !HASHED_FOLDERS.some((folder) => f.startsWith(`${folder}/`)) &&
          !content.publicFiles.includes(f),
      );
    expect(written).toContain('openapi/v2.json');
    expect(written).toContain('introduction.md');
    expect([...names].sort()).toEqual(written.sort());
  });
});

describe('a page named like the folder', () => {
  it('is read like any page: content/publications.md is no file of content/public', async () => {
    const site = await fixtureCopy();
    try {
      await writeFile(
        path.join(site.root, 'content/publications.md'),
        '---\ntitle: Publications\ndescription: Papers and talks about the gateway.\n' +
          'keywords: [publications, papers]\n---\n\nPapers and talks.\n',
      );
      const content = await loadContent(site.root);
      expect(content.pages.find((p) => p.route === '/publications')?.text).toContain('title: Publications');
      expect(content.publicFiles).not.toContain('publications.md');
      expect(validateContent(content).diagnostics).toEqual([]);
    } finally {
      await site.cleanup();
    }
  });
});

describe("problems of content/public are the content's", () => {
  let site: Awaited<ReturnType<typeof fixtureCopy>>;
  beforeEach(async () => {
    site = await fixtureCopy();
  });
  afterEach(async () => {
    await site?.cleanup();
  });
  const publicDir = () => path.join(site.root, 'content/public');

  it('check reports a link out of the project, a clash and a frontmatter problem in one run, like build', async () => {
    await symlink('/etc/passwd', path.join(publicDir(), 'passwd.txt'));
    await writeFile(path.join(publicDir(), 'robots.txt'), 'mine');
    await writeFile(path.join(publicDir(), 'index.md'), 'mine');
    const intro = path.join(site.root, 'content/introduction.md');
    await writeFile(intro, (await readFile(intro, 'utf8')).replace(/^title: .*$/m, 'title: "  "'));
    const expected = [
      'content/introduction.md:2 frontmatter: Expected text with visible characters, not only spaces, found "  "',
      'content/public/index.md public-clash: Expected a name the build does ' +
        'not make itself, found index.md (the build writes a file of that name).',
      'content/public/passwd.txt public-link: Expected a file inside the project, found a link to /etc/passwd.',
      'content/public/robots.txt public-clash: Expected a name the build does ' +
        'not make itself, found robots.txt (the build writes a file of that name).',
    ];
    const checked = await buildSite({ root: site.root, cacheDir: false, pool: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(problemsOf(checked)).toEqual(expected);
    const built = await build({ root: site.root, cacheDir: false, pool: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(problemsOf(built)).toEqual(expected);
    expect(existsSync(path.join(site.root, 'dist'))).toBe(false);
  }, 60_000);

  it('content/public linked to a folder outside the project publishes nothing from it (public-link)', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'paydocs-outside-'));
    try {
      await writeFile(path.join(outside, 'secret.txt'), 'not for the site');
      await rm(publicDir(), { recursive: true });
      await symlink(outside, publicDir());
      const error = await build({ root: site.root, cacheDir: false, pool: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(problemsOf(error)).toEqual([
        `content/public public-link: Expected a file inside the project, found a link to ${await realpath(outside)}.`,
      ]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  }, 60_000);

  it('a file linked in from inside the project is published, linkable, and changes the build key', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'paydocs-public-memo-'));
    try {
      const options = { root: site.root, cacheDir, pool: false as const };
      await build(options);
      expect((await build(options)).upToDate).toBe(true);
      // A broken link is a problem from the first build after it comes.
      await symlink('../../../notes.txt', path.join(publicDir(), 'img/notes.txt'));
      expect(
        problemsOf(
          await build(options).then(
            () => undefined,
            (e: unknown) => e,
          ),
        ),
      ).toEqual([
        'content/public/img/notes.txt public-link: Expected a file ' +
          'inside the project, found a link to nothing (a broken link).',
      ]);
      await writeFile(path.join(site.root, 'notes.txt'), 'inside the project');
      const after = await build(options);
      expect(after.upToDate).toBe(false);
      expect(await readFile(path.join(site.root, 'dist/img/notes.txt'), 'utf8')).toBe('inside the project');
      expect((await build(options)).upToDate).toBe(true);
      // The link check knows the file: a page may link to it.
      await appendFile(path.join(site.root, 'content/introduction.md'), '\nSee [the notes](/img/notes.txt).\n');
      await build(options);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('paydocs dev reports problems of content/public', () => {
  it('as a build would, serves the last good build meanwhile, and recovers', async () => {
    const site = await fixtureCopy();
    const lines: string[] = [];
    const dev = await startDevServer(site.root, { port: 0, host: '127.0.0.1', log: (s) => lines.push(s) });
    try {
      await symlink('/etc/passwd', path.join(site.root, 'content/public/passwd.txt'));
      await writeFile(path.join(site.root, 'content/public/sitemap.xml'), 'mine');
      lines.length = 0;
      await dev.rebuild();
      // The log is a terminal's: colour comes on under CI (picocolors), so compare its text.
      const log = stripVTControlCharacters(lines.join('\n'));
      expect(log).toContain(
        'content/public/passwd.txt error Expected a file inside ' +
          'the project, found a link to /etc/passwd. [public-link]',
      );
      expect(log).toContain(
        'content/public/sitemap.xml error Expected a name the build does not make ' +
          'itself, found sitemap.xml (the build writes a file of that name). [public-clash]',
      );
      expect((await rawRequest(dev.url, '/introduction')).status).toBe(200);
      const leak = await rawRequest(dev.url, '/passwd.txt');
      expect(leak.status).toBe(404);
      expect(leak.body.toString()).not.toContain('root:');
      await rm(path.join(site.root, 'content/public/passwd.txt'));
      await rm(path.join(site.root, 'content/public/sitemap.xml'));
      lines.length = 0;
      await dev.rebuild();
      expect(stripVTControlCharacters(lines.join('\n'))).toMatch(/✓ built \d+ pages/);
    } finally {
      await dev.close();
      await site.cleanup();
    }
  }, 120_000);
});
