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
import { validateContent, type PageSource } from '../../pipeline/content/validate.ts';
import { isDeepStrictEqual } from 'node:util';
import {
  buildRequest,
  hmacHex,
  v1SignatureBase,
  DEMO_SECRET_KEY,
  type SampleRequest,
} from '../../pipeline/kinds/api-operation/request.ts';
import { generateSamples, className } from '../../schema/generated/api-samples.ts';
import { projectRoot } from '../helpers.ts';

const site = validateContent(await loadContent(projectRoot)).site!;
const apiPages = site.pages.filter((p) => p.frontmatter.kind === 'api-operation');
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const hasPython = has('python3');

type Api = Extract<PageSource['frontmatter'], { kind: 'api-operation' }>['api'];

/**
 * What the documented request of an operation must hold; returns the problems found.
 * Every sample names every required parameter; the JSON body is exactly the payload,
 * carries every required body parameter, and is what the signature covers.
 */
function requestProblems(api: Api, req: SampleRequest): string[] {
  const problems: string[] = [];
  const required = api.request.filter((f) => f.required);
  for (const s of generateSamples(req))
    for (const f of required) if (!s.code.includes(f.name)) problems.push(`${s.lang} lacks ${f.name}`);
  const inBody = required.filter((f) => (f.in ?? (api.method === 'GET' ? 'query' : 'body')) === 'body');
  if (req.jsonBody !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(req.jsonBody);
    } catch {
      problems.push('the JSON body does not parse');
    }
    if (body !== undefined && JSON.stringify(body) !== JSON.stringify(req.payload))
      problems.push('the JSON body is not the payload');
    for (const f of inBody)
      if (!(body && typeof body === 'object' && f.name in body)) problems.push(`the JSON body lacks ${f.name}`);
    if (req.signature !== undefined && req.signature !== hmacHex(DEMO_SECRET_KEY, req.jsonBody))
      problems.push('the signature does not cover the JSON body');
  }
  if (req.formFields) {
    for (const f of inBody)
      if (!req.formFields.some(([k]) => k === f.name || k.startsWith(`${f.name}[`)))
        problems.push(`the form lacks ${f.name}`);
    if (req.signature !== undefined && req.signature !== hmacHex(DEMO_SECRET_KEY, v1SignatureBase(req.formFields)))
      problems.push('the signature does not cover the form fields');
  }
  return problems;
}

/** An example response is a JSON value: it survives a JSON round trip unchanged (YAML's .inf, .nan do not). */
const isJsonValue = (value: unknown) => {
  try {
    return isDeepStrictEqual(JSON.parse(JSON.stringify(value) ?? 'undefined'), value);
  } catch {
    return false;
  }
};

/**
 * A parser of each language over many files: Node's own ES module parser (what `node --check` runs),
 * Python's ast, bash -n.
 */
const PARSERS = {
  javascript: [
    process.execPath,
    '--experimental-vm-modules',
    '--no-warnings',
    '-e',
    `const { readFileSync } = require('node:fs');
const { SourceTextModule } = require('node:vm');
for (const file of process.argv.slice(1)) {
  try {
    new SourceTextModule(readFileSync(file, 'utf8'), { identifier: file });
  } catch (error) {
    console.error(file + ': ' + error.message);
    process.exitCode = 1;
  }
}`,
  ],
  python: ['python3', '-c', 'import ast, sys\nfor f in sys.argv[1:]:\n    ast.parse(open(f).read(), f)'],
  bash: ['bash', '-c', 'for f; do bash -n "$f" || { echo "$f" >&2; exit 1; }; done', 'bash'],
} as const;

const sampleRequest = (api: Api) => buildRequest(api, 'https://api.sandbox.paydocs.example', api.examples[0].request);

describe('generated API samples', () => {
  it('there are API pages to check', () => expect(apiPages.length).toBeGreaterThan(0));

  it('the checks below can fail: a tampered request and non-JSON examples are caught', () => {
    const v2 = apiPages
      .map((p) => (p.frontmatter as { api: Api }).api)
      .find(
        (a) => a.version === 'v2' && a.method === 'POST' && a.auth === 'signature' && a.request.some((f) => f.required),
      )!;
    const req = sampleRequest(v2);
    const dropped = v2.request.find((f) => f.required)!.name;
    const body = JSON.parse(req.jsonBody!) as Record<string, unknown>;
    delete body[dropped];
    expect(requestProblems(v2, { ...req, jsonBody: JSON.stringify(body, null, 2) })).toContain(
      `the JSON body lacks ${dropped}`,
    );
    expect(requestProblems(v2, { ...req, signature: hmacHex(DEMO_SECRET_KEY, 'other') })).toContain(
      'the signature does not cover the JSON body',
    );
    expect(requestProblems(v2, { ...req, jsonBody: '{"a":' })).toContain('the JSON body does not parse');
    for (const bad of [Infinity, NaN, { a: undefined }, [1, undefined], undefined])
      expect(isJsonValue(bad), String(bad)).toBe(false);
  });

  for (const page of apiPages) {
    const api = (page.frontmatter as { api: Api }).api;
    it(`${page.route}: samples carry every required parameter; the body is signed as sent; examples are JSON`, () => {
      expect(requestProblems(api, sampleRequest(api))).toEqual([]);
      api.examples.forEach((ex, i) => expect(isJsonValue(ex.response), `examples[${i}].response`).toBe(true));
    });
  }

  it('JavaScript, Python and bash samples parse', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-samples-'));
    try {
      const files = { javascript: [] as string[], python: [] as string[], bash: [] as string[] };
      apiPages.forEach((page, i) => {
        const api = (page.frontmatter as Extract<typeof page.frontmatter, { kind: 'api-operation' }>).api;
        const samples = Object.fromEntries(
          generateSamples(buildRequest(api, 'https://api.sandbox.paydocs.example')).map((s) => [s.lang, s.code]),
        );
        for (const [lang, ext] of [
          ['javascript', 'mjs'],
          ['python', 'py'],
          ['bash', 'sh'],
        ] as const) {
          files[lang].push(path.join(dir, `s${i}.${ext}`));
          writeFileSync(files[lang].at(-1)!, samples[lang]);
        }
      });
      expect(files.javascript).toHaveLength(apiPages.length);
      // Each parser once over every sample of its language (a process per sample was ~170 processes: minutes on
      // a loaded machine). A file that does not parse is named on stderr, and the status is 1.
      const parsed = (lang: keyof typeof PARSERS, list: string[]) => {
        const [command, ...args] = PARSERS[lang];
        const r = spawnSync(command, [...args, ...list], { encoding: 'utf8' });
        return { status: r.status, stderr: r.stderr };
      };
      const langs: (keyof typeof PARSERS)[] = hasPython ? ['javascript', 'python', 'bash'] : ['javascript', 'bash'];
      for (const lang of langs) expect(parsed(lang, files[lang]), lang).toEqual({ status: 0, stderr: '' });
      // Not vacuous: each parser fails on a sample that does not parse, and names it.
      const broken = { javascript: 'const = 1;', python: 'def f(:\n', bash: 'if then fi\n' };
      for (const lang of langs) {
        const file = path.join(dir, `broken-${lang}`);
        writeFileSync(file, broken[lang]);
        const r = parsed(lang, [...files[lang].slice(0, 2), file]);
        expect(r.status, lang).toBe(1);
        expect(r.stderr, lang).toContain(file);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it.skipIf(!has('javac'))(
    'Java samples compile',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-java-'));
      try {
        const files: Record<string, string[]> = { v1: [], v2: [] };
        apiPages.forEach((page, i) => {
          const api = (page.frontmatter as Extract<typeof page.frontmatter, { kind: 'api-operation' }>).api;
          const java = generateSamples(buildRequest(api, 'https://api.sandbox.paydocs.example')).find(
            (s) => s.lang === 'java',
          )!.code;
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
          const result = spawnSync('javac', ['-d', path.join(dir, `out-${version}`), '-implicit:none', ...list], {
            encoding: 'utf8',
          });
          expect(result.stderr, `javac (${version})`).toBe('');
          expect(result.status).toBe(0);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
