/**
 * Markdown parsed in chunks (pipeline/compile/markdown-chunks.ts) is the tree of the body
 * parsed whole, positions included: on bodies written to tempt a wrong cut, and when chunks
 * come from the kept ones; on every page of the site and of the fixtures: site-parse.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseMarkdown, parseWhole } from '../../pipeline/compile/markdown.ts';
import { chunksOf, parsedChunks } from '../../pipeline/compile/markdown-chunks.ts';

// As a dev session does (a build parses each body whole).
const chunks = parsedChunks();

/** Bodies where a cut at a heading would change the tree, or nearly so. */
const TRICKY: Record<string, string> = {
  'heading inside a fence': 'Intro\n\n```md\nText\n\n## Not a heading\n```\n\n## A heading\n\nEnd\n',
  'heading inside a tilde fence closed by a longer one': '~~~~\n\n## No\n~~~\n\n## Still no\n~~~~~\n\n## Yes\n',
  'heading inside a container directive': ':::tabs\n\n## Inside\n\n:::\n\n## Outside\n\nText\n',
  'nested directives': '::::tabs\n:::tab{label=a}\n\n## In a\n\n:::\n\n## In tabs\n\n::::\n\n## Out\n',
  'heading right after an HTML block line': '<div>\n## Part of the HTML block\n</div>\n\n## Heading\n',
  'HTML comment across a heading': 'A\n\n<!--\n\n## Hidden\n\n-->\n\n## Shown\n',
  'reference defined in another section': 'See [the docs][d].\n\n## Later\n\n[d]: /introduction\n',
  'footnote defined in another section': 'A claim.[^1]\n\n## Notes\n\n[^1]: The source.\n',
  'list then heading': '- one\n- two\n\n  more of two\n\n## After the list\n\n1. a\n2. b\n\n## Again\n',
  'block quote then heading': '> quoted\n> more\n\n## After\n\ntext\n',
  'table then heading': '| a | b |\n|---|---|\n| 1 | 2 |\n\n## After the table\n',
  'setext and indented': 'Title\n=====\n\n    code\n\n## H\n\n    more code\n',
  'heading with no blank line before': 'para\n## Heading after a paragraph line\n\ntext\n\n## Next\n',
  'indented heading': 'text\n\n   ## Indented\n\ntext\n\n#### Deep\n\n#nospace\n',
  'empty heading and CRLF': 'a\r\n\r\n##\r\n\r\nb\r\n\r\n## c\r\n',
  'backtick in a fence info string': '```a`b\n\n```\n\n## In the real fence\n```\n\n## Out\n',
  'fence line inside an HTML block': '<div>\n```\n</div>\n\n```\n\n## In a fence\n```\n',
  'fence opened on a list marker line': '- ```\n  code\n  ```\n\n```\n\n## In the real fence\n```\n\n## Out\n',
  'directive opened on a list marker line': '- :::note\n  text\n\n:::\n\n## After\n',
  'no trailing newline': 'a\n\n## b\n\nlast line',
  'empty body': '',
  'only headings': '## a\n\n## b\n\n## c',
};

describe('Markdown parsed in chunks', () => {
  it('is the whole parse on bodies written to tempt a wrong cut', () => {
    for (const [name, body] of Object.entries(TRICKY))
      expect(parseMarkdown(body, chunks), name).toEqual(parseWhole(body));
  });

  it('cuts only where it may', () => {
    const starts = (body: string) => chunksOf(body).map((c) => c.line);
    expect(starts(TRICKY['heading inside a fence'])).toEqual([1, 9]);
    expect(starts(TRICKY['heading inside a container directive'])).toEqual([1, 7]);
    expect(starts(TRICKY['heading right after an HTML block line'])).toEqual([1]);
    expect(starts(TRICKY['backtick in a fence info string'])).toEqual([1, 8]);
    expect(starts(TRICKY['reference defined in another section'])).toEqual([1]);
    expect(starts(TRICKY['heading with no blank line before'])).toEqual([1, 6]);
  });

  it('gives the same tree again when its chunks are kept, and a tree the caller may change', () => {
    const body = '# Intro\n\nText *here*.\n\n## Part\n\n- a\n- b\n\n## End\n\nDone.\n';
    const first = parseMarkdown(body, chunks);
    const edited = `${body}\nOne more line.\n`;
    expect(parseMarkdown(edited, chunks)).toEqual(parseWhole(edited));
    // A change to a tree handed out does not reach the kept chunks.
    (first.children[1] as { type: string }).type = 'changed';
    first.children[3].position!.start.line = 99;
    expect(parseMarkdown(body, chunks)).toEqual(parseWhole(body));
  });
});
