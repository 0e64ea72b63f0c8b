/**
 * Every API page of the real content: its generated samples carry every required
 * parameter, JSON parses, and the samples parse in their language where a parser
 * is at hand on this machine (node, python3, bash, javac).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { buildRequest } from '../../pipeline/kinds/api-operation/request.ts';
import { generateSamples, className } from '../../pipeline/kinds/api-operation/samples.ts';
import { projectRoot } from '../helpers.ts';

const site = validateContent(await loadContent(projectRoot)).site!;
const apiPages = site.pages.filter((p) => p.frontmatter.kind === 'api-operation');
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const hasPython = has('python3');

describe('generated API samples', () => {
  it('there are API pages to check', () => expect(apiPages.length).toBeGreaterThan(0));

  for (const page of apiPages) {
    const api = (page.frontmatter as Extract<typeof page.frontmatter, { kind: 'api-operation' }>).api;
    it(`${page.route}: every sample carries every required parameter; examples are JSON`, () => {
      const req = buildRequest(api, 'https://api.sandbox.paydocs.example', api.examples[0].request);
      const samples = generateSamples(req);
      const required = api.request.filter((f) => f.required).map((f) => f.name);
      for (const s of samples) for (const name of required) expect(s.code, `${s.lang} lacks ${name}`).toContain(name);
      if (req.jsonBody) expect(() => JSON.parse(req.jsonBody!)).not.toThrow();
      for (const ex of api.examples) expect(() => JSON.parse(JSON.stringify(ex.response))).not.toThrow();
    });
  }

  it('JavaScript, Python and bash samples parse', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-samples-'));
    try {
      apiPages.forEach((page, i) => {
        const api = (page.frontmatter as Extract<typeof page.frontmatter, { kind: 'api-operation' }>).api;
        const samples = Object.fromEntries(generateSamples(buildRequest(api, 'https://api.sandbox.paydocs.example')).map((s) => [s.lang, s.code]));
        writeFileSync(path.join(dir, `s${i}.mjs`), samples.javascript);
        execFileSync(process.execPath, ['--check', path.join(dir, `s${i}.mjs`)]);
        if (hasPython) { writeFileSync(path.join(dir, `s${i}.py`), samples.python); execFileSync('python3', ['-c', `import ast,sys; ast.parse(open(sys.argv[1]).read())`, path.join(dir, `s${i}.py`)]); }
        writeFileSync(path.join(dir, `s${i}.sh`), samples.bash);
        execFileSync('bash', ['-n', path.join(dir, `s${i}.sh`)]);
      });
    } finally { rmSync(dir, { recursive: true, force: true }); }
    // ~170 short processes: seconds on an idle machine, minutes on a loaded one.
  }, 300_000);

  it.skipIf(!has('javac'))('Java samples compile', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-java-'));
    try {
      const files: Record<string, string[]> = { v1: [], v2: [] };
      apiPages.forEach((page, i) => {
        const api = (page.frontmatter as Extract<typeof page.frontmatter, { kind: 'api-operation' }>).api;
        const java = generateSamples(buildRequest(api, 'https://api.sandbox.paydocs.example')).find((s) => s.lang === 'java')!.code;
        const name = className(`https://x.example${api.path}`);
        const sub = path.join(dir, `p${i}`);
        rmSync(sub, { recursive: true, force: true });
        execFileSync('mkdir', ['-p', sub]);
        const file = path.join(sub, `${name}.java`);
        writeFileSync(file, java);
        files[api.version].push(file);
      });
      // One compilation per API version: class names repeat across versions.
      for (const [version, list] of Object.entries(files)) {
        if (!list.length) continue;
        const result = spawnSync('javac', ['-d', path.join(dir, `out-${version}`), '-implicit:none', ...list], { encoding: 'utf8' });
        expect(result.stderr, `javac (${version})`).toBe('');
        expect(result.status).toBe(0);
      }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  }, 120_000);
});
