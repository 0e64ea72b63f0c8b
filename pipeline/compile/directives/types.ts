/**
 * What a directive handler gets and may do. A handler turns one directive node into
 * what the reader knows: it sets `data.hName`/`hProperties` (remark-rehype then makes
 * the element) or replaces the node in its parent, and reports problems in `issues`.
 */
import type { Parent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { VisitorResult } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { CompileContext } from '../context.ts';
import type { RuleId } from '../../rules.ts';

export interface DirectiveIssue {
  line?: number;
  message: string;
  hint?: string;
  rule: RuleId;
}

export type Directive = ContainerDirective | LeafDirective | TextDirective;

export interface DirectiveEnv {
  ctx: CompileContext;
  issues: DirectiveIssue[];
  /** Line of the directive in the body. */
  line?: number;
  parent: Parent;
  index: number;
}

/** One directive name: the syntax it is written with (`:::name`, `::name` or `:name`) and what it becomes. */
export type DirectiveHandler =
  | { form: 'containerDirective'; handle: (node: ContainerDirective, env: DirectiveEnv) => VisitorResult }
  | { form: 'leafDirective'; handle: (node: LeafDirective, env: DirectiveEnv) => VisitorResult }
  | { form: 'textDirective'; handle: (node: TextDirective, env: DirectiveEnv) => VisitorResult };

/** The `[label]` of a container directive, taken out of its children. */
export function takeLabel(node: ContainerDirective): string | undefined {
  const first = node.children[0];
  if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    node.children.shift();
    return toString(first);
  }
  return undefined;
}

export function setH(node: Directive, hName: string, hProperties: Record<string, unknown> = {}): void {
  node.data = { ...(node.data ?? {}), hName, hProperties: hProperties as never };
}
