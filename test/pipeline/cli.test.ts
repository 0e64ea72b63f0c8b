/** The paydocs binary as a user runs it: exit codes, usage, and messages. */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkReport } from '../../schema/check-report.ts';
import { fixtureCopy, projectRoot } from '../helpers.ts';

const bin = path.join(projectRoot, 'bin/paydocs.js');
const run = (args: string[], cwd: string) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('paydocs CLI', () => {
  it('prints usage and exits 2 for an unknown command or flag', async () => {
    const unknown = run(['publish'], projectRoot);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown command 'publish'/);
    const flag = run(['build', '--fast'], projectRoot);
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/unknown option '--fast'/);
    const none = run([], projectRoot);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/Usage: paydocs/);
    const port = run(['serve', '--port', 'abc'], projectRoot);
    expect(port.code).toBe(2);
    expect(port.err).toContain('Expected a port number from 0 to 65535, found "abc".');
  });

  it('prints its version, and says in its help that servers bind to loopback unless told', async () => {
    const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v'])
      expect(run([flag], projectRoot)).toEqual({ code: 0, out: `${version}\n`, err: '' });
    const help = run(['serve', '--help'], projectRoot);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/--host <host> +interface to bind; 0\.0\.0\.0 for all \(default: "127\.0\.0\.1"\)/);
  });

  it('check passes on a valid site and writes nothing', async () => {
    const site = await fixtureCopy();
    try {
      const ok = run(['check'], site.root);
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(/✓ 8 pages, frontmatter, data files and links are valid/);
      expect(existsSync(path.join(site.root, 'dist'))).toBe(false);
    } finally {
      await site.cleanup();
    }
  });

  it('check fails with every problem, file:line and field, and exit 1', async () => {
    const site = await fixtureCopy({
      'content/a.md': '---\ntitle: A\ndescription: A description that is long enough.\nkeywords: 3\n---\nText.\n',
      'content/b.md':
        '---\ntitle: B\ndescription: A description that is long enough.\n' +
        'keywords: [b]\n---\nSee [x](/nowhere).\n\n<script>alert(1)</script>\n',
      'content/c.md': '---\ntitle: [unclosed\n---\nText.\n',
    });
    try {
      const bad = run(['check'], site.root);
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('content/a.md:4 error keywords: Expected array, found number 3 [frontmatter]');
      expect(bad.err).toContain('content/b.md:6 error Broken link "/nowhere"');
      expect(bad.err).toMatch(/content\/c\.md:\d+ error Invalid YAML/);
      expect(bad.err).toContain(
        'content/b.md:8 error Expected HTML that the page can show, found <script>, which is removed [raw-html]',
      );
      expect(bad.err).toMatch(/4 problems in 3 files/);
    } finally {
      await site.cleanup();
    }
  });

  it('--format json prints one document on stdout, and --format github an annotation per problem, for CI', async () => {
    const site = await fixtureCopy({
      'content/a.md': '---\ntitle: A\ndescription: A description that is long enough.\nkeywords: 3\n---\nText.\n',
      'content/b.md':
        '---\ntitle: B\ndescription: A description that is long enough.\nkeywords: [b]\n---\nSee [x](/nowhere).\n',
      afile: 'a file where the output folder should go',
    });
    try {
      const bad = run(['check', '--format', 'json'], site.root);
      expect(bad.code).toBe(1);
      expect(checkReport.parse(JSON.parse(bad.out))).toEqual({
        version: 1,
        ok: false,
        problems: [
          {
            file: 'content/a.md',
            line: 4,
            field: 'keywords',
            rule: 'frontmatter',
            message: 'Expected array, found number 3',
            fix: expect.any(String),
            docs: 'docs/errors.md#frontmatter',
          },
          {
            file: 'content/b.md',
            line: 6,
            rule: 'broken-link',
            message: 'Broken link "/nowhere": no page has the route /nowhere',
            fix: expect.any(String),
            docs: 'docs/errors.md#broken-link',
          },
        ],
      });
      expect(bad.err).toBe('Check failed.\n');

      const github = run(['check', '--format', 'github'], site.root);
      expect(github.code).toBe(1);
      expect(github.out.split('\n').filter((l) => l.startsWith('::'))).toEqual([
        expect.stringMatching(
          new RegExp(
            /^::error file=content\/a\.md,line=4,title=paydocs frontmatter \(keywords\)::Expected /.source +
              /array, found number 3%0A→ \S.*%0Asee docs\/errors\.md#frontmatter$/.source,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            /^::error file=content\/b\.md,line=6,title=paydocs broken-link::Broken link "\/nowhere": /.source +
              /no page has the route \/nowhere%0A→ \S.*%0Asee docs\/errors\.md#broken-link$/.source,
          ),
        ),
      ]);
      // The log keeps the terminal's list too.
      expect(github.err).toContain('content/b.md:6 error Broken link "/nowhere"');
      expect(github.err).toContain('  see docs/errors.md#broken-link\n');

      const refused = run(['build', '--format', 'json', '--out', 'afile/dist'], site.root);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.out)).toEqual(
        expect.objectContaining({ version: 1, ok: false, problems: expect.any(Array) }),
      );

      await rm(path.join(site.root, 'content/a.md'));
      await rm(path.join(site.root, 'content/b.md'));
      const good = run(['check', '--format', 'json'], site.root);
      expect(good).toEqual({
        code: 0,
        out: `${JSON.stringify({ version: 1, ok: true, pages: 8, problems: [] }, null, 2)}\n`,
        err: '',
      });
      const built = run(['build', '--format', 'json', '--out', 'afile/dist'], site.root);
      expect(built.code).toBe(1);
      expect(JSON.parse(built.out)).toEqual({
        version: 1,
        ok: false,
        problems: [],
        failure: expect.stringMatching(/^Cannot mkdir afile\/\.dist-new-[\w-]+: not a directory \(ENOTDIR\)$/),
        fix: 'A file stands where that path needs a folder: move it, or choose another path.',
      });
      const fine = run(['build', '--format', 'json', '--out', 'site'], site.root);
      expect(fine.code).toBe(0);
      expect(JSON.parse(fine.out)).toEqual({ version: 1, ok: true, pages: 8, problems: [] });
      expect(fine.err).toMatch(/^paydocs build\n[\s\S]*✓ 8 pages in/);
    } finally {
      await site.cleanup();
    }
  });

  it('build writes dist and prints its summary; serve refuses a missing dist', async () => {
    const site = await fixtureCopy();
    try {
      const built = run(['build', '--out', 'public-site'], site.root);
      expect(built.code).toBe(0);
      expect(built.out).toMatch(/✓ 8 pages in [\d.]+ s → public-site\//);
      expect(built.out).toMatch(/initial JS [\d.]+ KB gzip · CSS [\d.]+ KB gzip · page JSON [\d.]+ KB total/);
      expect(existsSync(path.join(site.root, 'public-site/index.html'))).toBe(true);
      const serve = run(['serve', 'nothing-here'], site.root);
      expect(serve.code).toBe(1);
      expect(serve.err).toContain('run "paydocs build" first');
      // A port already taken, an address that is not this machine's: a line that says so, no stack.
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      try {
        const port = (taken.address() as AddressInfo).port;
        const busy = run(['serve', 'public-site', '--port', String(port)], site.root);
        expect(busy).toEqual({
          code: 1,
          out: '',
          err: `error port ${port} on 127.0.0.1 is in use: stop what listens there, or choose another with --port.\n`,
        });
        // dev says so before it builds anything.
        expect(run(['dev', '--port', String(port)], site.root)).toEqual(busy);
      } finally {
        taken.close();
      }
      const foreign = run(['serve', 'public-site', '--host', '192.0.2.1'], site.root);
      expect(foreign.code).toBe(1);
      expect(foreign.err).toBe(
        'error 192.0.2.1 is not an address of this machine: use --host 127.0.0.1 (this machine) or 0.0.0.0 ' +
          '(every interface).\n',
      );
      // A link-local address without its interface (EINVAL on Linux; EADDRNOTAVAIL without IPv6): a line either way.
      const odd = run(['serve', 'public-site', '--host', 'fe80::1'], site.root);
      expect(odd.code).toBe(1);
      expect(odd.err).toMatch(/^error .*fe80::1/);
      expect(odd.err).not.toMatch(/\n\s+at |node:net/);
    } finally {
      await site.cleanup();
    }
  });

  it('dev prints its address as soon as it listens, before the first build is done', async () => {
    const site = await fixtureCopy();
    const dev = spawn(process.execPath, [bin, 'dev', '--port', '0'], {
      cwd: site.root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let out = '';
    dev.stdout.on('data', (c) => (out += c));
    try {
      for (let i = 0; i < 600 && !out.includes('✓ built'); i++) await new Promise((r) => setTimeout(r, 100));
      const address = out.search(/paydocs dev → http:\/\/127\.0\.0\.1:\d+ /);
      expect(address).toBeGreaterThanOrEqual(0);
      expect(out.indexOf('✓ built 8 pages')).toBeGreaterThan(address);
    } finally {
      dev.kill();
      await site.cleanup();
    }
  });

  it('a build the file system refuses says which call, which path and what to do, without a stack', async () => {
    const site = await fixtureCopy({ afile: 'a file where the output folder should go' });
    try {
      const r = run(['build', '--out', 'afile/dist'], site.root);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        new RegExp(
          /^error Cannot mkdir afile\/\.dist-new-[\w-]+: not a directory \(ENOTDIR\)\n {2}→ /.source +
            /A file stands where that path needs a folder: move it, or /.source +
            /choose another path\.\nBuild failed; the previous dist\/ is untouched\.\n$/.source,
        ),
      );
    } finally {
      await site.cleanup();
    }
  });

  it('build and check outside a project say where content/ is expected, without a stack', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'paydocs-empty-'));
    try {
      for (const [command, last] of [
        ['build', 'Build failed; the previous dist/ is untouched.'],
        ['check', 'Check failed.'],
      ]) {
        const r = run([command], empty);
        expect(r.code).toBe(1);
        expect(r.err).toContain(`content/ error Expected a content folder in ${empty}, found none [content-folder]`);
        expect(r.err).toContain(
          'Run paydocs in the project folder, the one that holds content/ and content/site.yaml.',
        );
        expect(r.err.trimEnd().endsWith(last)).toBe(true);
        expect(r.err).not.toMatch(/\n\s+at /);
      }
      expect(existsSync(path.join(empty, 'dist'))).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
