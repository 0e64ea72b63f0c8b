/**
 * `::data-table[data/<file>]`: a data file's table inside any page (e.g. sandbox values
 * on the test cards reference). The directive leaves a placeholder naming its source;
 * the table is made after mdast → hast, with the reference-table kind's renderer.
 */
import type { Root } from 'hast';
import { toString } from 'mdast-util-to-string';
import { sourceContext, type CompileContext } from '../context.ts';
import type { DirectiveHandler, DirectiveIssue } from './types.ts';
import { setH } from './types.ts';
import { walkElements } from '../walk.ts';
import { loadTable, referenceTableHast, unknownTableSource } from '../../kinds/reference-table/table.ts';

const PREFIX = 'data-table:';

export const dataTable: DirectiveHandler = {
  form: 'leafDirective',
  handle(d) {
    setH(d, 'div', { dataPlaceholder: `${PREFIX}${toString(d).trim()}` });
  },
};

export function fillDataTables(
  ast: Root,
  ctx: CompileContext,
  issues: DirectiveIssue[],
  onLink: (url: string) => void,
): void {
  walkElements(ast, (node, parent, index) => {
    const placeholder = String(node.properties.dataPlaceholder ?? '');
    if (!placeholder.startsWith(PREFIX)) return;
    const source = placeholder.slice(PREFIX.length);
    const data = loadTable(source, sourceContext(ctx));
    if (!data) {
      issues.push(unknownTableSource(source));
      return;
    }
    parent.children.splice(index, 1, referenceTableHast({ source, filter: false }, data, onLink));
  });
}
