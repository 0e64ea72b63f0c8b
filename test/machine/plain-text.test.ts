/**
 * The twins' plain-text shortcut (pipeline/machine/plain-text.ts) writes exactly what
 * mdast-util-to-markdown's own text handler writes: texts that could turn into syntax,
 * each where it would (line starts, next to links, code, breaks, inside link labels,
 * table cells, headings and list items), written both ways and compared.
 */
import { describe, expect, it } from 'vitest';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import { isPlainText, plainInlineCodeHandler, plainTextHandler } from '../../pipeline/machine/plain-text.ts';
import { toMarkdownText } from '../../pipeline/machine/markdown-twin.ts';

const TEXTS = [
  'Plain words',
  'Plain words, with a comma; and more',
  'Ends with a period.',
  ' leading space',
  'trailing space ',
  '1. looks like a list',
  '1) also a list',
  '- a bullet',
  '+ a plus',
  '* a star',
  '# a heading',
  '> a quote',
  ': -',
  '-: x',
  'www.example.com',
  'see www.',
  'now.done',
  'W.x',
  'http://example.com',
  'https:',
  'mailto:a@b.c',
  'a:b',
  'p:/x',
  '(in parentheses)',
  'after (paren)',
  "it's fine",
  'say "hi"',
  'Straße und Café',
  'Привет, мир.',
  '50% off? yes/no',
  'a_b',
  '*stars*',
  '[brackets]',
  'a\\b',
  'tabs\there',
  '2024-01-01',
  '10.00 USD',
  'x -y',
  'end -',
  'end :',
  'end .',
  '(',
  ')',
  '.',
  ':',
  '-',
  ' ',
  '  two  spaces  ',
  'ok   ',
  'a  b',
  // Past ASCII: no unsafe pattern is of these, next to the ASCII ones that have some.
  'Pay — then wait',
  '— a dash first',
  'a → b',
  '→ 1.',
  'Yes · No',
  '✓ done',
  '100 × 2 = 200',
  '−5',
  'R$ 10,00',
  'hindī: हिन्दी',
  '‹x›',
  'end…',
  '€.',
  'w.é',
  ' · ',
  '«quoted»',
  'a\u00a0b',
  '\u00a0- x',
  '—\n- item',
];
const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code: PhrasingContent = { type: 'inlineCode', value: 'code' };
const link = (label: string): PhrasingContent => ({
  type: 'link',
  url: 'https://example.com/x',
  children: [text(label)],
});

/** Each text in every position a twin puts text in. */
function tree(t: string): Root {
  const rows = (cells: PhrasingContent[][]) => cells.map((c) => ({ type: 'tableCell' as const, children: c }));
  const blocks: RootContent[] = [
    { type: 'paragraph', children: [text(t)] },
    { type: 'paragraph', children: [text('Before '), text(t), text(' after')] },
    { type: 'paragraph', children: [code, text(t), code] },
    { type: 'paragraph', children: [link('label'), text(t)] },
    { type: 'paragraph', children: [text('a [note]'), text(t)] },
    { type: 'paragraph', children: [text(t), { type: 'break' }, text(t)] },
    {
      type: 'paragraph',
      children: [link(t), text(t), { type: 'emphasis', children: [text(t)] }, { type: 'strong', children: [text(t)] }],
    },
    { type: 'heading', depth: 2, children: [text(t)] },
    {
      type: 'list',
      ordered: false,
      children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [text(t)] }] }],
    },
    {
      type: 'table',
      children: [
        { type: 'tableRow', children: rows([[text(t)], [text('x')]]) },
        { type: 'tableRow', children: rows([[code, text(t)], [text(t)]]) },
      ],
    },
  ];
  return { type: 'root', children: blocks };
}

const options: Options = {
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
};

describe('the plain-text shortcut of the twins', () => {
  it.each(TEXTS)('writes %j as the library does, wherever it stands', (t) => {
    expect(toMarkdown(tree(t), { ...options, handlers: { text: plainTextHandler } })).toBe(
      toMarkdown(tree(t), options),
    );
  });

  it('takes the shortcut for prose and leaves syntax-like texts to the library', () => {
    expect(isPlainText('Send the amount in minor units, e.g. cents.', ' ', ' ')).toBe(true);
    expect(isPlainText(' in minor units.', '`', '\n')).toBe(true);
    expect(isPlainText('1. first', '\n', '')).toBe(false);
    expect(isPlainText('see www.example.com', ' ', '')).toBe(false);
    expect(isPlainText('trailing ', 'x', '\n')).toBe(false);
    expect(isPlainText('a_b', ' ', ' ')).toBe(false);
    expect(isPlainText('Pay — then wait → done ✓', ' ', ' ')).toBe(true);
    expect(isPlainText('— first on a line', '\n', '')).toBe(false);
  });

  const CODES = [
    'code',
    '',
    ' ',
    '  ',
    ' a',
    'a ',
    ' a ',
    'a b',
    'a`b',
    '`a',
    'a`',
    '``',
    'a``b',
    'x | y',
    '|',
    'a\nb',
    'a\r\nb',
    'a\n# b',
    'a\n- b',
    '\n',
    'POST /api/v2/transaction/create',
    'amount: 1000',
    '*x*',
    '_y_',
    '[z](w)',
    '<br>',
    '\\|',
    'ä — ✓',
    'a\\',
    '1. x',
  ];
  const codeTree = (value: string): Root => {
    const code: PhrasingContent = { type: 'inlineCode', value };
    const row = (cells: PhrasingContent[][]) => ({
      type: 'tableRow' as const,
      children: cells.map((c) => ({ type: 'tableCell' as const, children: c })),
    });
    return {
      type: 'root',
      children: [
        { type: 'paragraph', children: [code] },
        { type: 'paragraph', children: [text('Before '), code, text(' after'), code] },
        { type: 'heading', depth: 3, children: [code, text(' title')] },
        {
          type: 'list',
          ordered: false,
          children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [code] }] }],
        },
        { type: 'table', children: [row([[text('x')], [text('y')]]), row([[code], [text('a '), code]])] },
      ],
    };
  };
  it.each(CODES)('writes inline code %j as the library does, in prose, headings, lists and table cells', (value) => {
    expect(toMarkdownText(codeTree(value))).toBe(toMarkdown(codeTree(value), options));
  });

  it('takes the inline-code shortcut for plain code and leaves the rest to the library', () => {
    const library = () => 'LIBRARY';
    const handle = plainInlineCodeHandler(library);
    const run = (value: string) => handle({ type: 'inlineCode', value }, undefined, {} as never, {} as never);
    expect(run('amount')).toBe('`amount`');
    expect(run('a`b')).toBe('LIBRARY');
    expect(run(' a ')).toBe('LIBRARY');
    expect(run('x | y')).toBe('LIBRARY');
  });
});
