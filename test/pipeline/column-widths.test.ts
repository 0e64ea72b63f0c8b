/**
 * Reference tables get their column widths at build time (table-layout: fixed), so a
 * long table keeps its columns while its rows arrive and while it is filtered.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLUMN_LEAST_STEPS, TABLE_STEPS, columnWidths } from '../../pipeline/kinds/reference-table/column-widths.ts';
import { referenceTableHast } from '../../pipeline/kinds/reference-table/table.ts';
import { projectRoot } from '../helpers.ts';

const currencies = [
  { label: 'Code', code: true, cells: ['AED', 'ANG', 'BRL'] },
  { label: 'Currency', cells: ['UAE Dirham', 'Netherlands Antillean Guilder', 'Brazilian Real'] },
  { label: 'Numeric', code: true, cells: ['784', '532', '986'] },
  { label: 'Minor units', cells: ['2', '2', '2'] },
];

describe('reference table column widths', () => {
  it('gives every column but the widest a share and a floor; the widest takes the rest', () => {
    const widths = columnWidths(currencies);
    expect(widths.columns[1]).toBeUndefined();
    for (const i of [0, 2, 3]) expect(widths.columns[i]).toMatch(/^cw-\d+ cl-\d+$/);
    const share = (i: number) => Number(/cw-(\d+)/.exec(widths.columns[i]!)![1]);
    expect(share(0)).toBeLessThanOrEqual(Math.min(share(2), share(3)));
    expect(share(0) + share(2) + share(3)).toBeLessThan(60);
    expect(widths.table).toMatch(/^tmin-\d+$/);
  });

  it('does not depend on the order of the rows (the first rows decide nothing)', () => {
    const reversed = currencies.map((c) => ({ ...c, cells: [...c.cells].reverse() }));
    expect(columnWidths(reversed)).toEqual(columnWidths(currencies));
  });

  it('the table is at least as wide as its longest words, so a narrow screen scrolls it', () => {
    const wide = columnWidths([
      { label: 'Code', code: true, cells: ['insufficient_funds_on_the_card_account'] },
      { label: 'Meaning', cells: ['A very long explanation '.repeat(20)] },
      { label: 'Retry', cells: ['no'] },
    ]);
    expect(Number(wide.table.slice('tmin-'.length))).toBeGreaterThanOrEqual(48);
  });

  it('every class it can give has a rule in the reader stylesheet', () => {
    const css = readFileSync(path.join(projectRoot, 'reader/styles/index.css'), 'utf8');
    const classes = [
      ...Array.from({ length: 49 }, (_, i) => `cw-${2 + 2 * i}`),
      ...COLUMN_LEAST_STEPS.map((n) => `cl-${n}`),
      ...TABLE_STEPS.map((n) => `tmin-${n}`),
    ];
    for (const name of classes) expect(css, name).toMatch(new RegExp(`\\.${name} \\{`));
    expect(css).toMatch(/table\.fixed-columns \{ table-layout: fixed; \}/);
  });

  it('the table carries them: a colgroup before the head, the table class', () => {
    const table = referenceTableHast(
      { source: 'x' } as never,
      {
        key: 'code',
        columns: [
          { key: 'code', label: 'Code', code: true },
          { key: 'name', label: 'Name' },
        ],
        rows: [{ code: 'AED', name: 'UAE Dirham' }],
        origin: { name: 'ISO 4217' },
      } as never,
    );
    const html = JSON.stringify(table);
    expect(html).toContain('"tagName":"colgroup"');
    expect(html).toMatch(/"className":\["fixed-columns","tmin-\d+"\]/);
  });
});
