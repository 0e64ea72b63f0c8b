/**
 * A section of a Markdown twin, found by scanning its lines (pipeline/mcp/twin-section.ts): the
 * headings a Markdown parser finds, no `#` line of a fenced code block, and each heading's text
 * as the parser reads it (markup and closing `#`s left out).
 */
import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { headingsOf, twinSection } from '../../pipeline/mcp/twin-section.ts';

const TWIN = [
  '# Request format',
  '',
  'Intro.',
  '',
  '## Signing a request',
  '',
  '```bash',
  '# X-Signature: not a heading',
  '## nor this',
  '```',
  '',
  '~~~~',
  '```',
  '# still code',
  '~~~~',
  '',
  '### The `X-Signature` header ###',
  '',
  'Text.',
  '',
  '## Retries and *idempotency*',
  '',
  '   ## Indented heading',
  '',
  '#not a heading',
].join('\n');

describe('the headings of a twin', () => {
  it('are the ones a Markdown parser finds, with the same text, none inside code', () => {
    const parsed: { depth: number; text: string }[] = [];
    for (const node of fromMarkdown(TWIN).children)
      if (node.type === 'heading') parsed.push({ depth: node.depth, text: toString(node).trim() });
    expect(headingsOf(TWIN).map(({ depth, text }) => ({ depth, text }))).toEqual(parsed);
    expect(parsed.map((h) => h.text)).toEqual([
      'Request format',
      'Signing a request',
      'The X-Signature header',
      'Retries and idempotency',
      'Indented heading',
    ]);
  });

  it('give a section from its heading to the next as high or higher', () => {
    expect(twinSection(TWIN, { depth: 2, text: 'Signing a request' }, 0)).toBe(
      TWIN.slice(TWIN.indexOf('## Signing'), TWIN.indexOf('## Retries')).trimEnd(),
    );
    expect(twinSection(TWIN, { depth: 3, text: 'The X-Signature header' }, 0)).toBe(
      '### The `X-Signature` header ###\n\nText.',
    );
    expect(twinSection(TWIN, { depth: 2, text: 'No such section' }, 0)).toBeUndefined();
  });
});
