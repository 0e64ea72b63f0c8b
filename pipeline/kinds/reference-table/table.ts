/**
 * reference-table → hast: a real <table> of the source's rows (so they are in the
 * prerendered HTML and in search), its origin under it, each row with the id of
 * its key so `:status[x]`-style links land on the row.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { z } from 'zod';
import type { referenceTable } from '../../../schema/frontmatter-table.ts';
import { tableSources, type SourceContext, type TableData } from '../../sources/index.ts';
import { inline } from '../../../schema/inline.ts';
import { columnWidths } from './column-widths.ts';
import type { DirectiveIssue } from '../../compile/directives/types.ts';
import { didYouMean } from '../../near-miss.ts';

export const FILTER_THRESHOLD = 20;

export function loadTable(source: string, ctx: SourceContext): TableData | undefined {
  return tableSources[source]?.(ctx);
}

/** The problem of a source no table has, with the nearest one that exists. */
export function unknownTableSource(source: string): DirectiveIssue {
  return {
    rule: 'table-source',
    message: `Unknown table source "${source}"`,
    hint: `${didYouMean(source, Object.keys(tableSources))}See pipeline/sources/index.ts for the sources.`,
  };
}

export function referenceTableHast(
  spec: z.output<typeof referenceTable>,
  data: TableData,
  onLink?: (url: string) => void,
): Element {
  const columns = spec.columns ?? data.columns;
  const filter = spec.filter ?? data.rows.length > FILTER_THRESHOLD;
  const text = (value: unknown) =>
    value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  const cell = (value: unknown, code?: boolean) => {
    const shown = text(value);
    return h('td', code && shown ? h('code', shown) : inline(shown, onLink));
  };
  const widths = columnWidths(
    columns.map((c) => ({ label: c.label, code: c.code, cells: data.rows.map((row) => text(row[c.key])) })),
  );
  const origin = data.origin;
  return h('figure.reference-table', { dataKind: filter ? 'filterable' : undefined }, [
    h(
      'div.table-wrap',
      h('table', { className: ['fixed-columns', widths.table] }, [
        ...(spec.caption ? [h('caption', spec.caption)] : []),
        h(
          'colgroup',
          widths.columns.map((w) => h('col', { className: w?.split(' ') })),
        ),
        h(
          'thead',
          h(
            'tr',
            columns.map((c) => h('th', { scope: 'col' }, c.label)),
          ),
        ),
        h(
          'tbody',
          data.rows.map((row) =>
            h(
              'tr',
              { id: String(row[data.key] ?? '').replace(/[^A-Za-z0-9_\-+.]/g, '-') || undefined },
              columns.map((c) => cell(row[c.key], c.code)),
            ),
          ),
        ),
      ]),
    ),
    h('figcaption.table-origin', [
      `${data.rows.length} rows. Source: ${origin.name}${origin.version ? ` ${origin.version}` : ''}`,
      ...(origin.url ? [' — ', h('a', { href: origin.url }, origin.url)] : []),
      '.',
    ]),
  ]);
}
