/**
 * What search_docs shows of a result, read from the page's Markdown twin
 * (pipeline/mcp/twin-snippet.ts): the description under the title, the section a hit names
 * (by its heading's text, or a defined term's table row), and its plain text around the
 * first mark, with the markup dropped and code left out.
 */
import { describe, expect, it } from 'vitest';
import { plainAround, plainInline, twinDescription, twinSectionLines } from '../../pipeline/mcp/twin-snippet.ts';

const TWIN = [
  '# Failure reasons',
  '',
  '> Every value of `failure_reason` on a _failed_ transaction.',
  '',
  'Intro with a [link to `statuses`](https://docs.example/reference/statuses#failed) and **bold** words.',
  '',
  '## What to show the customer',
  '',
  '- Say what happened &amp; what to do next.',
  '',
  '```js',
  '## not a heading',
  'showMessage(reason);',
  '```',
  '',
  '### Card declines',
  '',
  'A card\\_declined reason comes from the issuer.',
  '',
  '## All failure reasons',
  '',
  '| reason | meaning | retry |',
  '| - | - | - |',
  '| `card_declined` | The issuer declined the payment. | yes |',
  '| `insufficient_funds` | Not enough money \\| on the card. | yes |',
  '',
  '## Errors',
  '',
  'First errors section.',
  '',
  '## Errors',
  '',
  'Second errors section.',
].join('\n');

describe('a twin as the source of search snippets', () => {
  it('reads the description under the title as plain text', () => {
    expect(twinDescription(TWIN)).toBe('Every value of failure_reason on a failed transaction.');
    expect(twinDescription('# Title\n\nNo description.')).toBe('');
  });

  it('drops inline markup and keeps its words', () => {
    expect(plainInline('a [link to `x_y`](https://e.example/a_b) and **bold** _it_ `a*b`')).toBe(
      'a link to x_y and bold it a*b',
    );
    expect(plainInline('card\\_declined &lt;br&gt; <br/>x')).toBe('card_declined <br>  x');
  });

  it('finds a section by its heading, with its subsections and without code or headings', () => {
    const lines = twinSectionLines(TWIN, 'what-to-show-the-customer', 'What to show the customer');
    expect(lines.join('\n')).not.toContain('showMessage');
    expect(lines.join('\n')).not.toContain('Card declines');
    expect(plainAround(lines, [], 480).text).toBe(
      'Say what happened & what to do next. A card_declined reason comes from the issuer.',
    );
  });

  it('picks the heading of the same text that the anchor numbers', () => {
    expect(plainAround(twinSectionLines(TWIN, 'errors', 'Errors'), [], 480).text).toBe('First errors section.');
    expect(plainAround(twinSectionLines(TWIN, 'errors-1', 'Errors'), [], 480).text).toBe('Second errors section.');
  });

  it('finds a term a table defines as its row', () => {
    const lines = twinSectionLines(TWIN, 'insufficient_funds', 'insufficient_funds');
    expect(plainAround(lines, [], 480).text).toBe('insufficient_funds Not enough money | on the card. yes');
    expect(twinSectionLines(TWIN, 'nothing', 'No such thing')).toEqual([]);
  });

  it('makes plain only the lines around the first mark, and says when it left lines out', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `| \`CODE-${i}\` | Region ${i} |`);
    const around = plainAround(['| code | region |', '| - | - |', ...rows], ['code-1500'], 100);
    expect(around.skipped).toBe(true);
    expect(around.text.startsWith('CODE-1499 Region 1499 CODE-1500 Region 1500')).toBe(true);
    expect(around.text.length).toBeLessThan(200);
    expect(plainAround(['one', 'two'], ['absent'], 100)).toEqual({ text: 'one two', skipped: false });
  });
});
