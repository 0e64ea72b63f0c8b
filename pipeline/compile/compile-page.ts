/**
 * Stage: compile one page. (source, context) → CompiledPage. Pure and
 * self-contained so it can run in a worker thread and be cached by content hash.
 */
import type { Element, ElementContent, Root } from 'hast';
import { removePosition } from 'unist-util-remove-position';
import type { CompileContext, CompileInput } from './context.ts';
import type { TocEntry } from '../../schema/page.ts';
import { parseMarkdown, mdastToHast, linkHeadings, type InternalLink } from './markdown.ts';
import { checkBlockStructure } from './block-structure.ts';
import { transformDirectives, type DirectiveIssue } from './directives.ts';
import { extractToc } from './toc.ts';
import { extractSections, type SearchSection } from './sections.ts';
import { apiReference } from '../generate/api-reference.ts';
import { methodCard, testDataTable } from '../generate/method-card.ts';
import { methodFlowSection } from '../generate/method-flow-section.ts';
import { loadTable, referenceTableHast } from '../generate/reference-table.ts';
import { walkElements } from './walk.ts';

export interface CompiledPage {
  route: string;
  ast: Root;
  toc: TocEntry[];
  links: InternalLink[];
  /** Text by heading, for the search index (main content only). */
  sections: SearchSection[];
  /** Problems found while compiling, lines relative to the file. */
  issues: DirectiveIssue[];
  /** The page holds a `variants-table` placeholder for the link stage. */
  needsVariants: boolean;
}

/** Replace a `div[data-placeholder=name]`, or add `fallback` where the body has none. */
function fillPlaceholder(tree: Root, name: string, content: ElementContent[], where: 'before-first-h2' | 'end'): void {
  let done = false;
  walkElements(tree, (node, parent, index) => {
    if (done) return false;
    if (node.properties.dataPlaceholder !== name) return;
    parent.children.splice(index, 1, ...content);
    done = true;
    return false;
  });
  if (done) return;
  const at = where === 'end' ? -1 : tree.children.findIndex((n) => n.type === 'element' && n.tagName === 'h2');
  if (at === -1) tree.children.push(...content);
  else tree.children.splice(at, 0, ...content);
}

export function compilePage(input: CompileInput, ctx: CompileContext): CompiledPage {
  const issues: DirectiveIssue[] = [];
  const links: InternalLink[] = [];
  // Checked before parsing: deep nesting makes the parser's time explode (block-structure.ts).
  const structure = checkBlockStructure(input.body);
  for (const { line, rule, message, hint } of structure) issues.push({ line, rule, message, hint });
  if (structure.some((p) => p.fatal)) {
    for (const i of issues) if (i.line) i.line += input.bodyLine - 1;
    return { route: input.route, ast: { type: 'root', children: [] }, toc: [], links, sections: [], issues, needsVariants: false };
  }
  const mdast = parseMarkdown(input.body);
  transformDirectives(mdast, ctx, issues);
  const ast = mdastToHast(mdast, { issues, links });
  // Positions only exist on nodes from the Markdown: drop them before adding generated parts.
  removePosition(ast, { force: true });
  const fm = input.frontmatter;
  const usedIds = new Set<string>();
  walkElements(ast, (n: Element) => { if (typeof n.properties.id === 'string') usedIds.add(n.properties.id); });
  const uniqueId = (wanted: string) => { let v = wanted, i = 1; while (usedIds.has(v)) v = `${wanted}-${i++}`; usedIds.add(v); return v; };

  let needsVariants = false;
  // Links inside generated tables (inline Markdown in data) join the link check, without a line.
  const onLink = (url: string) => { if (url.startsWith('/') && !url.startsWith('//')) links.push({ url }); };
  if (fm.kind === 'api-operation') ast.children.push(...apiReference(fm.api, ctx, usedIds, onLink));
  if (fm.kind === 'payment-method') {
    ast.children.unshift(methodCard(fm.method));
    ast.children.push(...testDataTable(fm.method, uniqueId('sandbox-test-data'), onLink));
    fillPlaceholder(ast, 'method-flow', methodFlowSection(fm.method, ctx.data, ctx.config.environments.sandbox?.payment_page ?? '', uniqueId), 'end');
  }
  if (fm.kind === 'payment-group') {
    needsVariants = true;
    fillPlaceholder(ast, 'variants-table', [{ type: 'element', tagName: 'div', properties: { dataPlaceholder: 'variants-table' }, children: [] }], 'before-first-h2');
  }
  if (fm.kind === 'reference-table') {
    const data = loadTable(fm.table.source, ctx);
    if (!data) issues.push({ rule: 'table-source', message: `Unknown table source "${fm.table.source}"`, hint: 'See pipeline/sources/index.ts for the sources.' });
    else {
      for (const col of fm.table.columns ?? []) {
        if (data.rows.length && !(col.key in data.rows[0])) issues.push({ rule: 'table-column', message: `Unknown column "${col.key}" for source ${fm.table.source}`, hint: `Columns: ${Object.keys(data.rows[0]).join(', ')}.` });
      }
      fillPlaceholder(ast, 'reference-table', [referenceTableHast(fm.table, data, onLink)], 'end');
    }
  }
  // `::data-table[data/<file>]`: a data file's table inside any page (e.g. sandbox values on test cards).
  walkElements(ast, (node, parent, index) => {
    const placeholder = String(node.properties.dataPlaceholder ?? '');
    if (!placeholder.startsWith('data-table:')) return;
    const source = placeholder.slice('data-table:'.length);
    const data = loadTable(source, ctx);
    if (!data) { issues.push({ rule: 'table-source', message: `Unknown table source "${source}"`, hint: 'See pipeline/sources/index.ts for the sources.' }); return; }
    parent.children.splice(index, 1, referenceTableHast({ source, filter: false }, data, onLink));
  });
  linkHeadings(ast);
  const toc = fm.hide_toc ? [] : extractToc(ast);
  const sections = extractSections(ast, fm.title);
  // Lines are relative to the body: make them file lines.
  const shift = input.bodyLine - 1;
  for (const l of links) if (l.line) l.line += shift;
  for (const i of issues) if (i.line) i.line += shift;
  return { route: input.route, ast, toc, links, sections, issues, needsVariants };
}
