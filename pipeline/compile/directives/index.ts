/**
 * mdast → mdast: the Markdown extensions of docs/authoring.md, written with
 * remark-directive syntax. One handler per directive name, registered in
 * `directiveHandlers` (as mdast-util-to-hast does with its node handlers).
 */
import type { Root, Parent, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { CompileContext } from '../context.ts';
import type { Directive, DirectiveEnv, DirectiveHandler, DirectiveIssue } from './types.ts';
import { setH } from './types.ts';
import { admonitions } from './admonition.ts';
import { details } from './details.ts';
import { tabs } from './tabs.ts';
import { placeholder, misplacedPlaceholder } from './placeholder.ts';
import { dataReferences } from './data-reference.ts';
import { host } from './host.ts';
import { dataTable } from './data-table.ts';
import { diagram } from './diagram.ts';
import { kindPlaceholders } from '../../kinds/index.ts';
import type { PageKind } from '../../../schema/frontmatter.ts';
import { didYouMean, nearest } from '../../near-miss.ts';

export type { DirectiveHandler, DirectiveIssue } from './types.ts';

/** Every directive name an author may write, in the order the docs list them. */
export const directiveHandlers: Record<string, DirectiveHandler> = {
  ...admonitions,
  details,
  tabs,
  // Where a kind's generated part goes (pipeline/kinds/): filled by the kind, at compile or link time.
  ...Object.fromEntries([...kindPlaceholders.keys()].map((name) => [name, placeholder])),
  'data-table': dataTable,
  diagram,
  ...dataReferences,
  host,
};

const byKind = new Map<PageKind, Record<string, DirectiveHandler>>();

/** The handlers for a page of `kind`: another kind's placeholder is named (it would stay empty). */
export function directivesFor(kind: PageKind): Record<string, DirectiveHandler> {
  let handlers = byKind.get(kind);
  if (!handlers) {
    handlers = { ...directiveHandlers };
    for (const [name, owner] of kindPlaceholders) if (owner !== kind) handlers[name] = misplacedPlaceholder(owner);
    byKind.set(kind, handlers);
  }
  return handlers;
}

export function transformDirectives(
  tree: Root,
  ctx: CompileContext,
  issues: DirectiveIssue[],
  handlers: Record<string, DirectiveHandler> = directiveHandlers,
): void {
  visit(tree, (node, index, parent: Parent | undefined) => {
    if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
    const d = node as Directive;
    const env: DirectiveEnv = { ctx, issues, line: d.position?.start.line, parent: parent!, index: index! };
    const handler = Object.hasOwn(handlers, d.name) ? handlers[d.name] : undefined;
    if (handler?.form === d.type)
      return (handler.handle as (node: Directive, env: DirectiveEnv) => ReturnType<DirectiveHandler['handle']>)(d, env);
    if (d.type === 'textDirective') {
      const meant = d.children.length ? nearest(d.name, namesOf(handlers, 'textDirective')) : undefined;
      if (meant) issues.push(nearMiss(d, meant, env.line));
      // Not one of ours ("ratio 1:2", "UTC:Z"): give the text back, its label's formatting kept.
      const back = d.children.length
        ? [{ type: 'text', value: `:${d.name}[` }, ...d.children, { type: 'text', value: ']' }]
        : [{ type: 'text', value: `:${d.name}` }];
      parent!.children.splice(index!, 1, ...(back as RootContent[]));
      return index! + back.length;
    }
    issues.push({
      line: env.line,
      rule: 'unknown-directive',
      message: `Unknown directive "${d.name}"`,
      hint: `${didYouMean(d.name, namesOf(handlers, d.type))}Known: ${Object.keys(handlers).join(', ')}.`,
    });
    setH(d, 'div');
  });
}

/** The directive names written in one form (`:::name`, `::name` or `:name`). */
const namesOf = (handlers: Record<string, DirectiveHandler>, form: Directive['type']): string[] =>
  Object.keys(handlers).filter((name) => handlers[name].form === form);

/**
 * `:stauts[success]`: an inline directive of no known name is usually text ("ratio 1:2"), but one
 * with a label and a name next to a known one is a misspelled reference that would print as text.
 */
function nearMiss(d: Directive, meant: string, line: number | undefined): DirectiveIssue {
  const label = toString(d);
  return {
    line,
    rule: 'unknown-directive',
    message: `Unknown inline directive ":${d.name}[${label}]": it would print as plain text`,
    hint: `Did you mean ":${meant}[${label}]"?`,
  };
}
