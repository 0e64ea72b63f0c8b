/**
 * `reference-table` (schema/frontmatter-table.ts): rows from a data source
 * (pipeline/sources/), rendered at compile time into the `::reference-table`
 * placeholder, or after the prose when the page has none.
 */
import type { DirectiveIssue } from '../../compile/directives/types.ts';
import type { KindModule } from '../types.ts';
import { sourceContext } from '../../compile/context.ts';
import { didYouMean } from '../../near-miss.ts';
import { loadTable, referenceTableHast, unknownTableSource } from './table.ts';

const PLACEHOLDER = 'reference-table';

export const referenceTable: KindModule<'reference-table'> = {
  placeholders: [PLACEHOLDER],
  compile(fm, ctx, { onLink }) {
    const data = loadTable(fm.table.source, sourceContext(ctx));
    if (!data) return { issues: [unknownTableSource(fm.table.source)] };
    const issues: DirectiveIssue[] = [];
    for (const col of fm.table.columns ?? []) {
      if (data.rows.length && !(col.key in data.rows[0]))
        issues.push({
          rule: 'table-column',
          message: `Unknown column "${col.key}" for source ${fm.table.source}`,
          hint: `${didYouMean(col.key, Object.keys(data.rows[0]))}Columns: ${Object.keys(data.rows[0]).join(', ')}.`,
        });
    }
    return {
      issues,
      fill: [{ name: PLACEHOLDER, content: [referenceTableHast(fm.table, data, onLink)], fallback: 'end' }],
    };
  },
};
