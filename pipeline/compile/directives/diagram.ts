/**
 * `::diagram[id]`: a flow diagram of content/diagrams/diagrams.yaml (pipeline/diagrams/).
 * The directive leaves a placeholder naming the diagram; after mdast → hast (and its
 * sanitizing, which would strip the image attributes) it becomes the figure.
 */
import type { Root } from 'hast';
import { toString } from 'mdast-util-to-string';
import type { CompileContext } from '../context.ts';
import type { DirectiveHandler } from './types.ts';
import { setH } from './types.ts';
import { walkElements } from '../walk.ts';
import { diagramFigure } from '../../diagrams/figure.ts';
import { didYouMean } from '../../near-miss.ts';

const PREFIX = 'diagram:';

export const diagram: DirectiveHandler = {
  form: 'leafDirective',
  handle(d, { ctx, issues, line }) {
    const id = toString(d).trim();
    const ids = (ctx.diagrams ?? []).map((ref) => ref.id);
    if (!ids.includes(id)) {
      issues.push({
        line,
        rule: 'diagram-reference',
        message: `Expected a diagram id from content/diagrams/diagrams.yaml, found "${id}"`,
        hint: `${didYouMean(id, ids)}Ids: ${ids.join(', ') || 'none'}.`,
      });
      setH(d, 'div');
      return;
    }
    setH(d, 'div', { dataPlaceholder: `${PREFIX}${id}` });
  },
};

export function fillDiagrams(ast: Root, ctx: CompileContext): void {
  walkElements(ast, (node, parent, index) => {
    const placeholder = String(node.properties.dataPlaceholder ?? '');
    if (!placeholder.startsWith(PREFIX)) return;
    const ref = ctx.diagrams?.find((r) => r.id === placeholder.slice(PREFIX.length));
    if (ref) parent.children.splice(index, 1, diagramFigure(ref));
  });
}
