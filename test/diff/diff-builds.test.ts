/**
 * paydocs diff on two builds of the fixture site: the base as it is, the head with a response
 * field removed, an optional request field added, an enum value removed, a heading renamed and a
 * page moved. Through the pipeline (diffBuilds) and through the binary: exit codes, every
 * format, bad input, and a git ref built in a temporary worktree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diffBuilds } from '../../pipeline/diff/diff.ts';
import { diffReport } from '../../schema/diff-report.ts';
import { RELEASES_FILE } from '../../schema/releases.ts';
import { builtFixture, fixtureCopy, fixtureRoot, projectRoot } from '../helpers.ts';

const CREATE = 'content/api/v2/transaction/create.md';
const bin = path.join(projectRoot, 'bin/paydocs.js');
const run = (args: string[], cwd = projectRoot) => {
  const r = spawnSync(process.execPath, [bin, 'diff', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** The head's content: the fixture with the changes a pull request could make. */
async function headEdits(): Promise<Record<string, string | null>> {
  const read = (file: string) => readFile(path.join(fixtureRoot, file), 'utf8');
  const create = (await read(CREATE))
    .replace(/\n {4}- \{ name: status, type: string, format: status, required: true[^\n]*/, '')
    .replace(
      '  response:\n',
      '    - { name: description, type: string, required: false, description: Shown to the customer., example: ' +
        'Order 1 }\n  response:\n',
    )
    .replace(/\n {8}- \{ value: payout, description: Money from the merchant to a recipient\. \}/, '');
  const intro = (await read('content/introduction.md')).replace('### Amounts', '### Amount format');
  return {
    [CREATE]: create,
    'content/introduction.md': intro,
    'content/reference/currency_codes.md': null,
    'content/reference/currencies.md': await read('content/reference/currency_codes.md'),
  };
}

const releases = (changes: { field: string; value?: string }[]) =>
  JSON.stringify([
    {
      id: '2026-11',
      date: '2026-11-20',
      title: 'Leaner responses',
      summary: 'Two breaking changes.',
      apis: ['v2'],
      changes: changes.map((c) => ({
        api: 'v2',
        operation: '/api/v2/transaction/create',
        ...c,
        change: 'removed',
        breaking: true,
        description: 'Removed.',
      })),
    },
  ]);

let base: Awaited<ReturnType<typeof builtFixture>>;
let head: Awaited<ReturnType<typeof fixtureCopy>>;
let headDist: string;
let declaredDist: string;

beforeAll(async () => {
  base = await builtFixture();
  head = await fixtureCopy(await headEdits());
  const { build } = await import('../../pipeline/build.ts');
  await build({ root: head.root, cacheDir: false, pool: false });
  headDist = path.join(head.root, 'dist');
  declaredDist = path.join(head.root, 'declared-dist');
  await cp(headDist, declaredDist, { recursive: true });
  await writeFile(
    path.join(declaredDist, RELEASES_FILE),
    releases([{ field: 'response.status' }, { field: 'request.payment_type', value: 'payout' }]),
  );
}, 300_000);
afterAll(async () => {
  await base?.cleanup();
  await head?.cleanup();
});

const noBuild = async () => ({ build: async () => {}, cwd: projectRoot });

describe('paydocs diff on two fixture builds', () => {
  it('classifies every API change and finds the moved page and the lost anchor', async () => {
    const report = await diffBuilds(base.dist, headDist, await noBuild());
    expect(report.api.map((c) => [c.field, c.value, c.rule, c.breaking, c.declared])).toEqual([
      ['request.description', undefined, 'request-field-added-optional', false, false],
      ['request.payment_type', 'payout', 'enum-value-removed', true, false],
      ['response.status', undefined, 'response-field-removed', true, false],
    ]);
    expect(report.api.every((c) => c.operation === '/api/v2/transaction/create' && c.api === 'v2')).toBe(true);
    // The removed response field takes its own anchor with it (the API reference's per-field anchors).
    expect(report.pages.map((p) => [p.change, p.route, p.to ?? p.anchor])).toEqual([
      ['anchor-removed', '/api/v2/transaction/create', 'response-status'],
      ['anchor-removed', '/introduction', 'amounts'],
      ['moved', '/reference/currency_codes', '/reference/currencies'],
    ]);
    expect(report.summary).toEqual({ api: 3, breaking: 2, undeclared: 2, pages: 3 });
    expect(report.ok).toBe(false);
  });

  it('counts a change as declared only when the head names its field and value', async () => {
    const report = await diffBuilds(base.dist, declaredDist, await noBuild());
    expect(report.api.filter((c) => c.breaking).every((c) => c.declared)).toBe(true);
    expect(report.ok).toBe(true);
    // The base's releases declare nothing for the head: the same change seen the other way round.
    const back = await diffBuilds(declaredDist, base.dist, await noBuild());
    expect(back.api.filter((c) => c.breaking && !c.declared).map((c) => c.rule)).toEqual(['request-field-removed']);
  });

  it('finds nothing between a build and itself', async () => {
    const report = await diffBuilds(base.dist, base.dist, await noBuild());
    expect(report).toMatchObject({ ok: true, api: [], pages: [] });
  });
});

describe('paydocs diff, the command', () => {
  it('exits 1 on an undeclared breaking change and 0 once declared (pretty)', () => {
    const bad = run([base.dist, headDist]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(
      new RegExp(
        /✗ v2 POST \/v2\/transaction\/create: response\.status /.source +
          /removed \[response-field-removed: breaking, NOT declared\]/.source,
      ),
    );
    expect(bad.out).toContain('moved    /reference/currency_codes → /reference/currencies');
    expect(bad.out).toContain('anchor   /introduction#amounts removed');
    const good = run([base.dist, declaredDist]);
    expect(good.code).toBe(0);
    expect(good.out).toContain('breaking, declared');
  });

  it('prints one JSON document that its schema accepts (--format json)', () => {
    const r = run([base.dist, headDist, '--format', 'json']);
    expect(r.code).toBe(1);
    const report = diffReport.parse(JSON.parse(r.out));
    expect(report).toMatchObject({ version: 1, ok: false, summary: { undeclared: 2 } });
    // The JSON Schema a build publishes for other tools accepts it too, and refuses a report without its verdict.
    const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(path.join(base.dist, 'schema/diff-report.json'), 'utf8')));
    expect(validate(JSON.parse(r.out)), JSON.stringify(validate.errors)).toBe(true);
    const { ok: _verdict, ...withoutVerdict } = report;
    expect(validate(withoutVerdict)).toBe(false);
  });

  it('prints GitHub annotations (--format github)', () => {
    const r = run([base.dist, headDist, '--format', 'github']);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(2);
    expect(lines).toContain(
      '::error title=paydocs diff%3A undeclared breaking change ' +
        '(response-field-removed)::v2 POST /v2/transaction/create: response.status removed',
    );
    expect(lines.filter((l) => l.startsWith('::warning ')).length).toBe(3);
  });

  it('prints a pull-request comment (--format markdown)', () => {
    const r = run([base.dist, headDist, '--format', 'markdown']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^## paydocs diff\n\n❌ \*\*2 breaking API changes are not declared\*\*/);
    expect(r.out).toContain(
      '| ❌ breaking | v2 | [`POST /v2/transaction/create`](/api/v2/transaction/create) ' +
        '| response.status removed | `response-field-removed` | no |',
    );
    expect(r.out).toContain('| moved | `/reference/currency_codes → /reference/currencies` Currency codes |');
  });

  it('names bad input and exits 2, without a stack trace', async () => {
    const notBuilt = run([base.root, headDist]);
    expect(notBuilt.code).toBe(2);
    expect(notBuilt.err).toContain(`${base.root} is no paydocs build: expected _data/manifest.json in it`);
    const unknown = run(['no-such-ref-xyz', headDist]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('"no-such-ref-xyz" is neither a folder nor a git ref');
    const format = run([base.dist, headDist, '--format', 'html']);
    expect(format.code).toBe(2);
    for (const r of [notBuilt, unknown, format]) expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('builds a git ref in a temporary worktree, and removes it', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'paydocs-diff-repo-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    try {
      await cp(path.join(fixtureRoot, 'content'), path.join(repo, 'content'), { recursive: true });
      git('init', '-q', '-b', 'main');
      git('add', '.');
      git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');
      const r = run(['main', headDist, '--format', 'json'], repo);
      expect(r.err).toContain('building main');
      expect(r.code).toBe(1);
      expect(diffReport.parse(JSON.parse(r.out)).summary).toEqual({ api: 3, breaking: 2, undeclared: 2, pages: 3 });
      expect(git('worktree', 'list').trim().split('\n')).toHaveLength(1);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  }, 300_000);
});
