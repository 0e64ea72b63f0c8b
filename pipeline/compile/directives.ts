/**
 * mdast → mdast: the Markdown extensions of docs/authoring.md, written with
 * remark-directive syntax. Each directive sets `data.hName`/`hProperties` so
 * remark-rehype turns it into the element the reader knows. One handler per name.
 */
import type { Root, Parent, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit, SKIP } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { CompileContext } from './context.ts';
import type { RuleId } from '../rules.ts';

export interface DirectiveIssue { line?: number; message: string; hint?: string; rule: RuleId }

const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger']);
const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

/** Placeholders filled by later stages (they need other pages or data sources). */
export const PLACEHOLDERS = new Set(['variants-table', 'reference-table', 'data-table', 'method-flow']);

type Directive = ContainerDirective | LeafDirective | TextDirective;

function takeLabel(node: ContainerDirective): string | undefined {
  const first = node.children[0];
  if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    node.children.shift();
    return toString(first);
  }
  return undefined;
}

function setH(node: Directive, hName: string, hProperties: Record<string, unknown> = {}) {
  node.data = { ...(node.data ?? {}), hName, hProperties: hProperties as never };
}

function inlineCodeLink(value: string, href: string): PhrasingContent {
  return { type: 'link', url: href, children: [{ type: 'inlineCode', value }] };
}

export function transformDirectives(tree: Root, ctx: CompileContext, issues: DirectiveIssue[]): void {
  const statuses = new Set(ctx.data.transaction_statuses.map((s) => s.code));
  const errors = new Set(ctx.data.api_error_codes.map((s) => s.code));
  const reasons = new Set(ctx.data.failure_reasons.map((s) => s.code));

  const references: Record<string, { set: Set<string>; href: string; what: string; file: string; rule: RuleId }> = {
    status: { set: statuses, href: '/reference/transaction_statuses', what: 'transaction status', file: 'transaction_statuses.yaml', rule: 'status-reference' },
    error: { set: errors, href: '/reference/api_error_codes', what: 'API error code', file: 'api_error_codes.yaml', rule: 'error-reference' },
    reason: { set: reasons, href: '/reference/failure_reason_codes', what: 'failure reason', file: 'failure_reasons.yaml', rule: 'reason-reference' },
  };

  visit(tree, (node, index, parent: Parent | undefined) => {
    if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
    const d = node as Directive;
    const line = d.position?.start.line;

    if (d.type === 'containerDirective' && ADMONITIONS.has(d.name)) {
      const title = takeLabel(d) ?? DEFAULT_TITLES[d.name];
      d.children.unshift({ type: 'paragraph', data: { hName: 'p', hProperties: { className: ['admonition-title'] } }, children: [{ type: 'text', value: title }] } as never);
      setH(d, 'aside', { className: ['admonition', `admonition-${d.name}`] });
      return;
    }
    if (d.type === 'containerDirective' && d.name === 'details') {
      const summary = takeLabel(d) ?? 'Details';
      d.children.unshift({ type: 'paragraph', data: { hName: 'summary' }, children: [{ type: 'text', value: summary }] } as never);
      setH(d, 'details', { className: ['details'] });
      return;
    }
    if (d.type === 'containerDirective' && d.name === 'tabs') {
      const codes = d.children.filter((c) => c.type === 'code');
      if (!codes.length || codes.length !== d.children.filter((c) => !(c.type === 'paragraph' && (c.data as { directiveLabel?: boolean })?.directiveLabel)).length) {
        issues.push({ line, rule: 'tabs', message: 'Expected only fenced code blocks inside ::::tabs', hint: 'Each code block becomes one tab; put prose outside the tabs.' });
      }
      setH(d, 'div', { className: ['tabs'], dataGroup: String(d.attributes?.group ?? 'lang') });
      return;
    }
    if (d.type === 'leafDirective' && PLACEHOLDERS.has(d.name)) {
      // `::data-table[data/<file>]` names its source in the label; the others need none.
      setH(d, 'div', { dataPlaceholder: d.name === 'data-table' ? `data-table:${toString(d).trim()}` : d.name });
      return;
    }
    if (d.type === 'textDirective' && references[d.name]) {
      const ref = references[d.name];
      const code = toString(d).trim();
      if (!ref.set.has(code)) {
        issues.push({ line, rule: ref.rule, message: `Unknown ${ref.what} "${code}"`, hint: `Use a code from content/data/${ref.file}.` });
      }
      // Reference tables give each row the id of its key, so the link lands on the row.
      (parent as Parent).children.splice(index!, 1, { ...inlineCodeLink(code, `${ref.href}#${code}`), position: d.position } as RootContent);
      return SKIP;
    }
    if (d.type === 'textDirective' && d.name === 'host') {
      const key = toString(d).trim();
      const [env, kind] = key.split('.');
      const url = (ctx.config.environments as Record<string, Record<string, string>>)[env]?.[kind];
      if (!url) issues.push({ line, rule: 'host-reference', message: `Unknown host "${key}"`, hint: `Use <environment>.<name> from content/site.yaml environments, e.g. sandbox.api.` });
      (parent as Parent).children.splice(index!, 1, { type: 'inlineCode', value: url ?? key } as RootContent);
      return SKIP;
    }
    if (d.type === 'textDirective') {
      // Not one of ours ("ratio 1:2", "UTC:Z"): give the text back unchanged.
      const text = `:${d.name}${d.children.length ? `[${toString(d)}]` : ''}`;
      (parent as Parent).children.splice(index!, 1, { type: 'text', value: text } as RootContent);
      return SKIP;
    }
    issues.push({ line, rule: 'unknown-directive', message: `Unknown directive "${d.name}"`, hint: 'Known: note, tip, info, warning, danger, details, tabs, variants-table, reference-table, data-table, status, error, reason, host.' });
    setH(d, 'div');
  });
}
