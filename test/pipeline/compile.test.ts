import type { Element } from 'hast';
import { codeBlock } from '../../pipeline/compile/code.ts';
import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { docCompiler } from './doc-page.ts';

const doc = docCompiler({ bodyLine: 5 });
const html = (body: string) => toHtml(doc(body).ast as never);

describe('Markdown compile', () => {
  it('renders GFM tables, strikethrough, task lists and autolinks', () => {
    const out = html('| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~\n\n- [x] done\n\nhttps://shop.example.com');
    expect(out).toContain('<table>');
    expect(out).toContain('<del>old</del>');
    expect(out).toContain('type="checkbox"');
    expect(out).toContain('href="https://shop.example.com"');
  });

  it('gives headings GitHub slugs and builds a TOC of h2–h3 only', () => {
    const page = doc('## Request signature\n\n### Worked example\n\n#### Too deep');
    expect(page.toc).toEqual([
      { depth: 2, id: 'request-signature', text: 'Request signature' },
      { depth: 3, id: 'worked-example', text: 'Worked example' },
    ]);
  });

  it("gives a heading whose slug is one of the chrome's ids the next free name, so its TOC entry leads to it", () => {
    const page = doc('## Root\n\n## Main content\n\n## Root 1\n\n## Page content');
    expect(page.toc.map((t) => t.id)).toEqual(['root-2', 'main-content-1', 'root-1', 'page-content-1']);
  });

  it('names a heading without a letter or digit `section`, never an empty id', () => {
    const page = doc('## 🚀\n\n## ???\n\n## Section');
    expect(page.toc.map((t) => t.id)).toEqual(['section-1', 'section-2', 'section']);
  });

  it('links a footnote call and its note both ways, through the ids the sanitizer gave them', () => {
    const body =
      'Fees are charged in the wallet currency.[^fx] Refunds too.[^fx]\n\n[^fx]: Converted at the rate of the day.';
    expect(doc(body).issues).toEqual([]);
    const out = html(body);
    const ids = new Set([...out.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const targets = [...out.matchAll(/<a href="#([^"]+)"[^>]* data-footnote-(?:ref|backref)/g)].map((m) => m[1]);
    // Two calls of one note: two links to it, and a link back to each.
    expect(targets).toEqual([
      'user-content-fn-fx',
      'user-content-fn-fx',
      'user-content-fnref-fx',
      'user-content-fnref-fx-2',
    ]);
    for (const id of targets) expect(ids).toContain(id);
    const described = [...out.matchAll(/aria-describedby="([^"]+)"/g)].map((m) => m[1]);
    expect(described).toEqual(['user-content-footnote-label', 'user-content-footnote-label']);
    expect(ids).toContain('user-content-footnote-label');
  });

  it('turns directives into admonitions and details', () => {
    const out = html(':::warning[Amounts are strings]\nSend `"10.50"`.\n:::\n\n:::details[More]\nHidden\n:::');
    expect(out).toContain(
      '<aside class="admonition admonition-warning" role="note" aria-label="Amounts ' +
        'are strings"><p class="admonition-title">Amounts are strings</p>',
    );
    expect(out).toMatch(/<details class="details"><summary>More<\/summary>/);
  });

  it('highlights code at build time, with title and tabs', () => {
    const out = html(
      '```python title="verify.py"\nimport hmac\n```\n\n::::tabs\n' +
        '```php\n<?php echo 1;\n```\n```java\nclass A {}\n```\n::::',
    );
    expect(out).toContain('<div class="code-title">verify.py</div>');
    expect(out).toContain('<span class="hljs-keyword">import</span>');
    expect(out).toMatch(/<div class="tabs" data-group="lang"><div class="tab-panel" data-label="PHP">/);
    expect(out).toContain('data-label="Java"');
  });

  it('sanitizes raw HTML: no script, no event handlers, no javascript: URLs', () => {
    const out = html(
      '<b>kept</b><script>alert(1)</script><img src="x.png" onerror="alert(1)"><a ' +
        'href="javascript:alert(1)" onclick="x()">bad</a><iframe src="https://evil.example"></iframe>',
    );
    expect(out).toContain('<b>kept</b>');
    expect(out).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
  });

  it('checks data references and reports unknown ones with their line', () => {
    const page = doc('Ends in :status[success].\n\nOr :status[paid].');
    expect(toHtml(page.ast as never)).toContain(
      '<a href="/reference/transaction_statuses#success"><code>success</code></a>',
    );
    expect(page.issues).toEqual([
      expect.objectContaining({ rule: 'status-reference', line: 7, message: 'Unknown transaction status "paid"' }),
    ]);
  });

  it('keeps colons in ordinary text', () => {
    expect(html('Ratio 1:2 and UTC:Z')).toContain('Ratio 1:2 and UTC:Z');
  });

  it('collects internal links with file lines and search sections without chrome', () => {
    const page = doc('Intro with [a link](/introduction).\n\n## Section\n\nBody text.\n\n```json\n{"a":1}\n```');
    expect(page.links).toEqual([{ url: '/introduction', line: 5 }]);
    expect(page.sections.map((s) => s.id)).toEqual(['', 'section']);
    expect(page.sections[1]).toMatchObject({ title: 'Section', text: 'Body text.', code: '{"a":1}' });
  });
});

describe('highlighted blocks kept between compiles', () => {
  it('gives the same tree for the same block again, as a copy the caller may change', () => {
    const first = codeBlock('{ "amount": "10.00" }', 'json');
    const pristine = structuredClone(first);
    const code = (first.children[0] as Element).children[0] as Element;
    code.children.length = 0;
    const again = codeBlock('{ "amount": "10.00" }', 'json');
    expect(again).toEqual(pristine);
    expect(JSON.stringify(again)).toContain('hljs-attr');
  });
});

describe('HTTP messages', () => {
  const html = (code: string) => toHtml(codeBlock(code, 'http'));
  const head = 'POST /v2/transaction/create HTTP/1.1\nHost: api.example\n';

  it('highlight a JSON body as JSON, whatever its members look like', () => {
    // highlight.js's own guess read these bodies as ini, Perl or CSS, from page to page.
    for (const body of [
      '{\n  "amount": "120.00",\n  "email": "anna@example.com"\n}',
      '{\n  "report_id": "rp_1",\n  "from": "2025-01-01"\n}',
      '{"a": {"b": [1, true, null]}}',
    ]) {
      const out = html(`${head}Content-Type: application/json; charset=utf-8\n\n${body}`);
      expect(out).toContain('<span class="hljs-attribute">Content-Type</span>');
      const bodyHtml = out.slice(out.indexOf('\n\n'));
      expect(bodyHtml).toContain('<span class="hljs-attr">');
      expect(bodyHtml).not.toMatch(/<span class="(?!hljs-)/);
    }
  });

  it('show a body of another type as plain text, and a message without a body as the head alone', () => {
    const form = html(`${head}Content-Type: application/x-www-form-urlencoded\n\namount=120.00&currency=USD`);
    expect(form.endsWith('\n\namount=120.00&#x26;currency=USD</code></pre></div>')).toBe(true);
    const get = html('GET /v2/x HTTP/1.1\nHost: h');
    expect(get).toContain('<span class="hljs-keyword">GET</span>');
    expect(get).not.toContain('\n\n');
  });
});

describe('a crash of the compiler', () => {
  it("is one problem of its page, named by the error's first line (not its stack)", async () => {
    const { crashProblem } = await import('../../pipeline/compile/compile-all.ts');
    expect(
      crashProblem('content/a.md', 'TypeError: x is not a function\n    at compilePage (compile-page.ts:1:1)'),
    ).toEqual({
      file: 'content/a.md',
      message: 'The compiler crashed: TypeError: x is not a function',
      rule: 'compile-crash',
    });
  });
});
