/**
 * Hostile or careless Markdown (issue 13): whatever the sanitizer would drop
 * silently is a named issue with its line, and nothing unsafe reaches the page.
 */
import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { checkLinks } from '../../pipeline/link/links.ts';
import { MAX_NESTING } from '../../pipeline/compile/block-structure.ts';
import { MAX_TREE_DEPTH } from '../../pipeline/compile/tree-depth.ts';
import { docCompiler } from './doc-page.ts';

const doc = docCompiler({ bodyLine: 5 });
const html = (body: string) => toHtml(doc(body).ast as never);
const rules = (body: string) => doc(body).issues.map((i) => [i.rule, i.line]);

describe('raw HTML the page cannot show is refused by name', () => {
  it('<style> is removed with its CSS text, and named', () => {
    expect(html('<style>body{color:red}</style>text')).not.toContain('color:red');
    expect(rules('<style>body{color:red}</style>text')).toEqual([['raw-html', 5]]);
  });

  it('a phishing form (form, password input, button) is named; nothing of it stays interactive', () => {
    const body =
      'Log in:\n\n<form action="https://evil.example"><input name="pw" type="password"><button>Go</button></form>';
    expect(html(body)).not.toMatch(/<form|type="password"|<button|action=/);
    expect(doc(body).issues.map((i) => i.message)).toEqual([
      'Expected HTML that the page can show, found <form>, which is removed',
      'Expected HTML that the page can show, found <input>, which is removed',
      'Expected HTML that the page can show, found <button>, which is removed',
    ]);
  });

  it('event handler attributes are named and never reach the page', () => {
    const body = '<img src="/logo.svg" onerror="alert(1)">';
    expect(html(body)).not.toContain('onerror');
    expect(rules(body)).toEqual([['raw-html', 5]]);
  });

  it('attributes the sanitizer drops from a kept tag are named; those it keeps are not', () => {
    const body =
      '<p align="center" class="lead" style="color:red" data-x="1">p</p>\n' +
      '\n<a href="/introduction" target="_blank" title="t">a</a>';
    expect(html(body)).toBe('<p align="center" class="lead">p</p>\n<p><a href="/introduction" title="t">a</a></p>');
    expect(doc(body).issues.map((i) => [i.line, i.message])).toEqual([
      [5, 'Expected attributes the page keeps, found style on <p>, which is removed'],
      [5, 'Expected attributes the page keeps, found data-x on <p>, which is removed'],
      [7, 'Expected attributes the page keeps, found target on <a>, which is removed'],
    ]);
  });

  it('GFM task-list checkboxes are not mistaken for form inputs', () => {
    expect(rules('- [x] done\n- [ ] todo')).toEqual([]);
  });
});

describe('attributes injected through directives and code fences are neutralised', () => {
  it('directive attributes (onclick, id, class, style) are not copied to the element', () => {
    const out = html(':::note{onclick="alert(1)" #main .evil style="display:none"}\nhi\n:::');
    expect(out).toBe(
      '<aside class="admonition admonition-note" role="note" ' +
        'aria-label="Note"><p class="admonition-title">Note</p><p>hi</p></aside>',
    );
  });

  it('quotes in a code fence language are refused; quotes in a title stay text', () => {
    const body = '```js" onmouseover="alert(1)\nx\n```\n\n```json title="a" onclick="b"\n{}\n```';
    const out = html(body);
    expect(out).not.toMatch(/onmouseover=|onclick=|language-js"/);
    expect(rules(body)).toEqual([['code-language', 5]]);
  });
});

describe('URLs: schemes case-insensitive, dropped links named', () => {
  it('upper-case HTTPS and MAILTO links keep their href', () => {
    expect(html('[a](HTTPS://example.com/x) [m](MAILTO:ops@example.com)')).toBe(
      '<p><a href="https://example.com/x">a</a> <a href="mailto:ops@example.com">m</a></p>',
    );
  });

  it('a disallowed scheme, in any case, is named with its line and the link keeps no href', () => {
    const body = 'Text\n\n[j](JaVaScript:alert(1)) [d](data:text/html,x)';
    expect(html(body)).not.toMatch(/href/);
    expect(rules(body)).toEqual([
      ['link-scheme', 7],
      ['link-scheme', 7],
    ]);
  });

  it('an image from another host or of another scheme is named and dropped: the CSP would block it', () => {
    const body =
      '![flow](https://cdn.example/flow.png) <img src="HTTP://cdn.example/x.png" ' +
      'alt="x"> ![d](data:image/png;base64,AAAA) ![own](/img/favicon.svg)';
    expect(html(body)).toBe(
      '<p><img alt="flow"> <img alt="x"> <img alt="d"> <img src="/img/favicon.svg" alt="own"></p>',
    );
    expect(doc(body).issues.map((i) => i.message)).toEqual([
      'Expected an image of this site (a route such as /img/flow.png), found "https://cdn.example/flow.png", ' +
        "which the site's Content-Security-Policy blocks: it loads no images from other hosts",
      'Expected an image of this site (a route such as /img/flow.png), found "HTTP://cdn.example/x.png", ' +
        "which the site's Content-Security-Policy blocks: it loads no images from other hosts",
      'Expected an image of this site (a route such as /img/flow.png), ' +
        'found "data:image/png;base64,AAAA", a "data:" URL',
    ]);
  });

  it('an empty link target is named, not a link back to the page', () => {
    const body = 'See [the guide]() and <a href=" ">here</a>.';
    expect(html(body)).toBe('<p>See <a>the guide</a> and <a>here</a>.</p>');
    expect(rules(body)).toEqual([
      ['link-relative', 5],
      ['link-relative', 5],
    ]);
  });

  it('relative, traversal and backslash links are named', () => {
    expect(rules('[a](../../etc/passwd) [b](page.md) [c](\\\\evil.example/x) <a href="/\\evil.example">d</a>')).toEqual(
      [
        ['link-relative', 5],
        ['link-relative', 5],
        ['link-relative', 5],
        ['link-relative', 5],
      ],
    );
  });

  it('raw HTML ids and names are prefixed so they cannot clobber DOM globals', () => {
    expect(html('<img name="getElementById" src="/logo.svg"><a id="location">x</a>')).toBe(
      '<p><img name="user-content-getElementById" src="/logo.svg"><a id="user-content-location">x</a></p>',
    );
  });
});

describe('links in raw HTML and images join the link check', () => {
  it('a raw <a href> and an image pointing nowhere are broken links with their lines', () => {
    const page = doc('<a href="/nope">raw</a>\n\n![diagram](/missing.png)\n\n[ok](/introduction)');
    const found = checkLinks([{ relFile: 'content/t.md', links: page.links }], new Set(['/introduction']), new Set());
    expect(found.map((d) => [d.rule, d.line, d.message])).toEqual([
      ['broken-link', 5, 'Broken link "/nope": no page has the route /nope'],
      ['broken-link', 7, 'Broken link "/missing.png": no page has the route /missing.png'],
    ]);
  });

  it('malformed percent-encoding is a named problem, not a crash', () => {
    const found = checkLinks(
      [
        {
          relFile: 'content/t.md',
          links: [
            { url: '/api/%E0%A4%A', line: 3 },
            { url: '/introduction%', line: 4 },
          ],
        },
      ],
      new Set(['/introduction']),
      new Set(),
    );
    expect(found.map((d) => [d.rule, d.line])).toEqual([
      ['link-encoding', 3],
      ['link-encoding', 4],
    ]);
  });
});

describe('unclosed blocks', () => {
  it('an unclosed code fence or container directive is named at the line that opened it', () => {
    expect(rules('Intro\n\n```json\n{"a": 1}\n\n## Next section')).toEqual([['unclosed-block', 7]]);
    expect(rules(':::note\nText\n\n::::details[More]\nx\n::::\n\n## After')).toEqual([['unclosed-block', 5]]);
  });

  it('closed blocks, and colons or fences inside code, are fine', () => {
    expect(rules('```md\n:::note\n```\n\n~~~\n```\n~~~\n\n:::tip\nok\n:::')).toEqual([]);
  });
});

describe('nesting limit', () => {
  const lists = (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
  const directives = (n: number) => {
    const opens = Array.from({ length: n }, (_, i) => `${':'.repeat(3 + n - i)}note`).join('\n');
    const closes = Array.from({ length: n }, (_, i) => ':'.repeat(4 + i)).join('\n');
    return `${opens}\nx\n${closes}`;
  };

  it(`pages nested over ${MAX_NESTING} levels are refused at the line passing it (2,000 levels: at once)`, () => {
    expect(rules(lists(2000))).toEqual([['nesting-limit', 5 + MAX_NESTING]]);
    expect(rules(directives(2000))).toEqual([['nesting-limit', 5 + MAX_NESTING]]);
    expect(rules('>'.repeat(2000) + ' quote')).toEqual([['nesting-limit', 5]]);
  });

  it(`inline nesting and raw HTML deeper than ${MAX_TREE_DEPTH} levels are refused at their line, no crash`, () => {
    // Each overflowed a library's recursion: mdast-util-to-hast, and rehype-raw's hast-util-from-parse5.
    expect(doc('Intro\n\n' + '***'.repeat(2000) + 'x' + '***'.repeat(2000)).issues).toEqual([
      expect.objectContaining({
        rule: 'nesting-limit',
        line: 7,
        message:
          `Expected at most ${MAX_TREE_DEPTH} nested Markdown elements ` +
          `(emphasis, links, lists, quotes), found ${MAX_TREE_DEPTH + 1}`,
      }),
    ]);
    expect(rules('Intro\n\n' + '<div>'.repeat(3000) + 'x' + '</div>'.repeat(3000))).toEqual([['nesting-limit', 7]]);
    expect(rules('Text ' + '<span>'.repeat(MAX_TREE_DEPTH) + 'x' + '</span>'.repeat(MAX_TREE_DEPTH))).toEqual([
      ['nesting-limit', 5],
    ]);
  });

  it('ordinary nesting compiles, and so do HTML a like sibling closes, void elements and comments', () => {
    expect(rules(lists(6))).toEqual([]);
    expect(html(directives(3))).toContain('<aside');
    expect(rules('<div>'.repeat(90) + 'x' + '</div>'.repeat(90))).toEqual([]);
    expect(rules('<ul>' + '<li>item'.repeat(300) + '</ul>')).toEqual([]);
    expect(rules('<p>' + 'line<br>'.repeat(300) + '<img src="/img/favicon.svg" alt="">'.repeat(150) + '</p>')).toEqual(
      [],
    );
    expect(rules('<!-- ' + '<div>'.repeat(3000) + ' -->\n\nText.')).toEqual([]);
  });

  it('an unclosed fence of thousands of backticks is named by its length', () => {
    expect(doc('`'.repeat(5000)).issues.map((i) => i.message)).toEqual([
      'Expected a closing fence of 5000 backticks for the code block opened here, found the end of the page',
    ]);
  });
});

describe('directives a reader or screen reader would lose', () => {
  it('an unknown text directive gives its label back with its formatting', () => {
    expect(html('Ratio :x[**two** to `one`] here')).toBe(
      '<p>Ratio :x[<strong>two</strong> to <code>one</code>] here</p>',
    );
    expect(html('UTC:Z')).toBe('<p>UTC:Z</p>');
    expect(rules('Ratio :x[**two**]')).toEqual([]);
  });

  it('admonitions are notes named by their title, not unnamed landmarks', () => {
    expect(html(':::warning[Refunds are final]\nx\n:::')).toContain(
      '<aside class="admonition admonition-warning" role="note" aria-label="Refunds are final">',
    );
    // Raw HTML cannot borrow the role for another element or another role.
    expect(html('<aside role="alert">x</aside><div role="note">y</div>')).not.toMatch(/role=/);
  });

  it('a generated block on a page kind with no data for it is named at its line and left out', () => {
    const body = 'Intro\n\n::variants-table\n\n::reference-table';
    expect(doc(body).issues.map((i) => [i.rule, i.line, i.message])).toEqual([
      [
        'placeholder-kind',
        7,
        '"::variants-table" is filled only on payment-group pages: this page\'s kind has no data for it',
      ],
      [
        'placeholder-kind',
        9,
        '"::reference-table" is filled only on reference-table pages: this page\'s kind has no data for it',
      ],
    ]);
    expect(html(body)).toBe('<p>Intro</p>');
  });
});
