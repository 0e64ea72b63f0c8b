/**
 * A body parsed without GFM's literal autolinks first (pipeline/compile/literal-autolinks.ts)
 * gives the tree of remark-gfm itself, positions included, on bodies with a literal in every place one
 * can stand or hide; on every page of the site and of the fixtures: site-parse.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import { parseWhole, parseWithoutLiterals } from '../../pipeline/compile/markdown.ts';
import { mayHoldLiteralAutolinks } from '../../pipeline/compile/literal-autolinks.ts';

/** The parser as it was, written out here as the test's own oracle: all of remark-gfm on every body. */
const gfm = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** Bodies with a literal autolink: each must come out as GFM makes it (a link). */
const LITERALS: Record<string, string> = {
  'www in a paragraph': 'See www.example.com for more.\n',
  'http and https': 'Call http://a.example/x or https://b.example/y?z=1.\n',
  'upper case': 'WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM/A\n',
  'an email': 'Write to support@example.com.\n',
  'an email in brackets and punctuation': '(ops@example.com), [x] a.b+c@sub.example.org.\n',
  'an email written with a character reference': 'Write to support&#64;example.com.\n',
  'www written with a character reference': 'See &#119;ww.example.com.\n',
  'www with an escaped dot': 'See www\\.example.com.\n',
  'in emphasis and strong': '_www.example.com_ and **x@example.com**\n',
  'in strikethrough': '~~https://old.example~~\n',
  'in a heading': '## Visit www.example.com\n',
  'in a table cell': '| a | b |\n|---|---|\n| https://example.com | c@example.com |\n',
  'in a list and a task list': '- www.example.com\n- [ ] d@example.com\n',
  'in a block quote': '> https://example.com\n',
  'in a footnote': 'Text.[^1]\n\n[^1]: See www.example.com\n',
  'in a directive label': ':::note[see www.example.com]\nbody\n:::\n',
  'in a text directive': 'A :badge[https://example.com] here.\n',
  'in link text': '[www.example.com](/introduction)\n',
  'after an underscore': 'a_b@example.com and _c@example.com_\n',
  'next to a code span': '`code`www.example.com and https://example.com`x`\n',
};

/** Bodies whose literal-looking parts are not text nodes: the first parse stands. */
const NOT_TEXT: Record<string, string> = {
  'a URL in a fence': '```bash\ncurl https://api.example.com -u a@b.com\n```\n',
  'a URL in inline code': 'Use `https://api.example.com` and `a@b.com`.\n',
  'a URL as a link destination': '[the API](https://api.example.com)\n',
  'a URL in raw HTML': '<a href="https://example.com">x</a>\n',
  'a URL in a directive attribute': ':::note{href="https://example.com"}\nbody\n:::\n',
  // An image's alt is its label's text, links or not: GFM leaves it as it is.
  'in an image alt': '![www.example.com](/a.png)\n',
  'in a reference image alt': '![https://example.com][i]\n\n[i]: /a.png\n',
};

const parses = (body: string) => ({ now: parseWhole(body), gfm: gfm.parse(body) as Root });

describe('Markdown parsed without literal autolinks first', () => {
  it('finds every literal autolink GFM finds, wherever it stands', () => {
    for (const [name, body] of Object.entries(LITERALS)) {
      const { now, gfm: expected } = parses(body);
      expect(JSON.stringify(expected), `${name}: GFM makes a link`).toContain('"type":"link"');
      expect(now, name).toEqual(expected);
    }
  });

  it('keeps the first parse where literal-looking parts are code, HTML, destinations, attributes or alt text', () => {
    for (const [name, body] of Object.entries(NOT_TEXT)) {
      expect(mayHoldLiteralAutolinks(parseWithoutLiterals(body)), name).toBe(false);
      const { now, gfm: expected } = parses(body);
      expect(now, name).toEqual(expected);
    }
  });
});
