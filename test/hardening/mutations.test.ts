/**
 * Property-based hardening (issue 13): real pages, mutated the ways a hostile or
 * careless author would, go through the real validate → compile → link-check
 * stages. Whatever the mutation, the run ends (the test timeout bounds it) without
 * a crash, and either names its problems (file and line or field) or produces
 * output with no unsafe markup.
 */
import { kindContext } from '../../pipeline/kinds/index.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import { loadContent, sha, type ContentSet } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { createStageMemo, memoryStore } from '../../pipeline/incremental/memo.ts';
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import type { CompileContext } from '../../pipeline/compile/context.ts';
import { diagramRegistry } from '../../pipeline/diagrams/registry.ts';
import { checkLinks } from '../../pipeline/link/links.ts';
import type { Diagnostic } from '../../pipeline/diagnostics.ts';
import { projectRoot } from '../helpers.ts';

const content = await loadContent(projectRoot);
const memo = createStageMemo(memoryStore(), 'this-run');
const baseline = validateContent(content, memo);
const site = baseline.site!;
const routes = new Set(site.pages.map((p) => p.route));
const ctx: CompileContext = {
  config: site.config,
  data: site.data,
  kinds: kindContext(site.pages),
  diagrams: diagramRegistry(content.diagrams, site.data).specs.map((d) => d.ref),
};

/** One page of each kind, and a long one. */
const SEEDS = [
  '/introduction',
  '/api/v2/transaction/create',
  '/services/pix/payin',
  '/services/pix',
  '/reference/currency_codes',
  '/callbacks',
];
const seedText = (route: string) => content.pages.find((p) => p.route === route)!.text;

// ─── Mutations: the classes the issue names ────────────────────────────────────
const HOSTILE_HTML = [
  '<script>alert(1)</script>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input type="password" name="pw"><button>Log in</button></form>',
  '<img src="/x.png" onerror="alert(1)">',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<object data="x.swf"></object>',
  '<embed src="x.swf">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="/\\evil.example">x</a>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
];
const MARKDOWN_ATTACKS = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](/api/%E0%A4%A)',
  '[x](/introduction%)',
  '[x](../../etc/passwd)',
  '[x](\\\\evil.example)',
  ':::note{onclick="alert(1)" #x .y}\nhi\n:::',
  '```js" onmouseover="alert(1)\nx\n```',
  '```\nunclosed fence',
  ':::warning\nunclosed directive',
  '::variants-table',
  '::reference-table',
  ':unknown[**bold**]',
  '<img name="getElementById" src="/logo.svg">',
  '![i](/missing.png)',
  '<a href="/nope">raw</a>',
];
const controlChars = fc.constantFrom('\u0000', '\u001b[31m', '\u0007', '\u007f', '\ufffd', '\u202e');
const deepNesting = fc
  .tuple(fc.constantFrom('list', 'quote', 'directive'), fc.integer({ min: 20, max: 2000 }))
  .map(([kind, n]) =>
    kind === 'list'
      ? Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')
      : kind === 'quote'
        ? `${'>'.repeat(n)} x`
        : `${Array.from({ length: n }, (_, i) => `${':'.repeat(3 + n - i)}note`).join('\n')}\n` +
          `x\n${Array.from({ length: n }, (_, i) => ':'.repeat(4 + i)).join('\n')}`,
  );

/** A change to a page's text, and the rules of which one must name it (when it must be named). */
interface Mutation {
  apply: (text: string) => string;
  names?: string[];
  label?: string;
}
const named = (apply: Mutation['apply'], ...names: string[]): Mutation => ({
  apply,
  names: names.length ? names : undefined,
});
const insertAt = (snippet: string, at: number) => (text: string) => {
  const body = text.indexOf('\n---', 3) + 4;
  const lines = text.slice(body).split('\n');
  // Lines outside fenced code, where a snippet is read as Markdown (inside a fence it is only code).
  let fence = false;
  const open = lines.map((l) => {
    if (/^\s*(```|~~~)/.test(l)) {
      fence = !fence;
      return false;
    }
    return !fence;
  });
  const candidates = lines
    .map((_, i) => i)
    .filter((i) => open[i] && !/^\s*[|:>-]/.test(lines[i]) && !/^\s*[|:>-]/.test(lines[i - 1] ?? ''));
  lines.splice(candidates[Math.floor(at * candidates.length)] ?? lines.length, 0, '', snippet, '');
  return text.slice(0, body) + lines.join('\n');
};
const where = fc.double({ min: 0, max: 0.999, noNaN: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.constantFrom(...HOSTILE_HTML), where).map(([s, at]) => ({
    label: s,
    ...named(insertAt(s, at), 'raw-html', 'link-scheme', 'link-relative', 'unclosed-block', 'nesting-limit'),
  })),
  fc.tuple(fc.constantFrom(...MARKDOWN_ATTACKS), where).map(([s, at]) => named(insertAt(s, at))),
  fc.tuple(deepNesting, where).map(([s, at]) => named(insertAt(s, at))),
  fc.tuple(controlChars, fc.nat()).map(([c, i]) =>
    named(
      (text) => {
        const at = i % text.length;
        return text.slice(0, at) + c + text.slice(at);
      },
      'control-character',
      'frontmatter',
      'yaml-syntax',
      'frontmatter-missing',
    ),
  ),
  fc.nat().map((i) => named((text) => text.slice(0, i % text.length))),
  fc.constant(named((text) => text.replace(/\n/g, '\r\n'))),
  fc.constant(named((text) => `\ufeff${text}`)),
  fc.constantFrom(
    named((text) => text.replace(/^title: .*$/m, 'title: "   "'), 'frontmatter'),
    named((text) => text.replace(/^description: .*$/m, 'description: [unclosed'), 'yaml-syntax'),
    named((text) => text.replace(/^keywords: .*$/m, 'keywords: 3'), 'frontmatter'),
    named((text) => text.replace(/^---\n/, '---\nlast_updated: 2025-02-30\n'), 'frontmatter'),
    named((text) => text.replace(/^---\n/, '---\ntitle: duplicate key\n'), 'yaml-syntax'),
    named((text) => text.replace(/\n---\n/, '\n'), 'yaml-syntax', 'frontmatter-missing'),
  ),
);

// ─── The property ──────────────────────────────────────────────────────────────
const UNSAFE = new RegExp(
  [
    /<(script|style|form|iframe|object|embed|base|meta|button)\b/,
    /\son[a-z]+=/,
    /(href|src)="\s*(javascript|data|vbscript):/,
    /\sname="(?!user-content-)/,
    /type="password"/,
  ]
    .map((r) => r.source)
    .join('|'),
  'i',
);

function runPage(route: string, text: string): { diagnostics: Diagnostic[]; html?: string } {
  const page = content.pages.find((p) => p.route === route)!;
  const mutated: ContentSet = {
    ...content,
    pages: content.pages.map((p) => (p === page ? { ...p, text, hash: sha(text) } : p)),
  };
  const validated = validateContent(mutated, memo);
  const source = validated.site?.pages.find((p) => p.route === route);
  const diagnostics = validated.diagnostics.filter((d) => d.file === page.relFile);
  if (!source || !validated.site) return { diagnostics };
  const compiled = compilePage(
    {
      route,
      relFile: source.relFile,
      hash: source.hash,
      frontmatter: source.frontmatter,
      body: source.body,
      bodyLine: source.bodyLine,
    },
    ctx,
  );
  for (const issue of compiled.issues)
    diagnostics.push({
      file: page.relFile,
      line: issue.line,
      message: issue.message,
      rule: issue.rule as Diagnostic['rule'],
    });
  diagnostics.push(
    ...checkLinks([{ relFile: page.relFile, links: compiled.links }], routes, new Set(content.publicFiles)),
  );
  return { diagnostics, html: toHtml(compiled.ast as never) };
}

describe('mutated real pages', () => {
  it('the unmutated seeds are clean', () => {
    for (const route of SEEDS) expect(runPage(route, seedText(route)).diagnostics, route).toEqual([]);
  });

  it('never crash; either name every problem with file and line/field, or emit no unsafe markup', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 3 }), (route, mutations) => {
        const text = mutations.reduce((t, m) => m.apply(t), seedText(route));
        const { diagnostics, html } = runPage(route, text);
        // A mutation that must be named is named — unless a problem
        // stopped the page earlier (YAML, control characters).
        const stopped = diagnostics.some((d) =>
          [
            'yaml-syntax',
            'frontmatter-missing',
            'frontmatter',
            'empty-body',
            'nesting-limit',
            'control-character',
          ].includes(d.rule),
        );
        // (Only the last mutation is sure to be in the text: a later truncation may cut an earlier one away.)
        const m = mutations[mutations.length - 1];
        if (m.names && !stopped)
          expect(
            diagnostics.some((d) => m.names!.includes(d.rule)),
            `${m.label ?? ''}: expected one of ${m.names.join(', ')}, ` +
              `found ${diagnostics.map((d) => d.rule).join(', ') || 'none'}`,
          ).toBe(true);
        for (const d of diagnostics) {
          expect(d.file).toMatch(/^content\//);
          expect(d.line ?? d.field, `${d.rule}: ${d.message}`).toBeDefined();
          expect(d.message).not.toMatch(/\n\s+at /); // no stack traces
        }
        if (!diagnostics.length && html !== undefined) expect(html).not.toMatch(UNSAFE);
        if (html !== undefined) expect(html.match(UNSAFE)?.[0], 'unsafe markup even with diagnostics').toBeUndefined();
      }),
      { numRuns: 120, seed: 20261123 },
    );
  });

  it('a UTF-8 BOM and CRLF line endings give the same page as LF', () => {
    for (const route of SEEDS) {
      const lf = runPage(route, seedText(route));
      const crlf = runPage(route, `\ufeff${seedText(route).replace(/\n/g, '\r\n')}`);
      expect(crlf.diagnostics, route).toEqual([]);
      expect(crlf.html, route).toBe(lf.html);
    }
  });
});
