/**
 * Stage: compile one page. (source, context) → CompiledPage. Pure and
 * self-contained so it can run in a worker thread and be cached by content hash.
 * What a page's kind generates comes from its module (pipeline/kinds/).
 */
import type { ElementContent, Root } from 'hast';
import type { CompileContext, CompileInput } from './context.ts';
import type { TocEntry } from '../../schema/page.ts';
import type { ParsedChunks } from './markdown-chunks.ts';
import { parseMarkdown, mdastToHast, linkHeadings, type InternalLink } from './markdown.ts';
import { checkBlockStructure } from './block-structure.ts';
import { checkTreeDepth } from './tree-depth.ts';
import { transformDirectives, directivesFor, type DirectiveIssue } from './directives/index.ts';
import { fillDataTables } from './directives/data-table.ts';
import { fillDiagrams } from './directives/diagram.ts';
import { tocOf } from '../../schema/page-toc.ts';
import { extractSections, type SearchSection } from './sections.ts';
import { kindOf, type CompileTools, type GeneratedParts } from '../kinds/index.ts';
import { walkElements } from './walk.ts';
import { settleHeadingIds } from './heading-ids.ts';

export interface CompiledPage {
  route: string;
  ast: Root;
  toc: TocEntry[];
  links: InternalLink[];
  /** Text by heading, for the search index (main content only). */
  sections: SearchSection[];
  /** Problems found while compiling, lines relative to the file. */
  issues: DirectiveIssue[];
}

/**
 * Replace a `div[data-placeholder=name]`, or add `content` where `fallback` says when the body has none
 * (`none`: nowhere). A function is called only when the content is placed.
 */
function fillPlaceholder(
  tree: Root,
  name: string,
  made: ElementContent[] | (() => ElementContent[]),
  fallback: 'before-first-h2' | 'end' | 'none',
): void {
  const content = () => (typeof made === 'function' ? made() : made);
  let done = false;
  walkElements(tree, (node, parent, index) => {
    if (done) return false;
    if (node.properties.dataPlaceholder !== name) return;
    parent.children.splice(index, 1, ...content());
    done = true;
    return false;
  });
  if (done || fallback === 'none') return;
  const at = fallback === 'end' ? -1 : tree.children.findIndex((n) => n.type === 'element' && n.tagName === 'h2');
  if (at === -1) tree.children.push(...content());
  else tree.children.splice(at, 0, ...content());
}

function place(ast: Root, parts: GeneratedParts, issues: DirectiveIssue[]): void {
  if (parts.before) ast.children.unshift(...parts.before);
  if (parts.after) ast.children.push(...parts.after);
  for (const f of parts.fill ?? []) fillPlaceholder(ast, f.name, f.content, f.fallback);
  if (parts.issues) issues.push(...parts.issues);
}

/**
 * `markdownOnly`: the body alone, without what the page's kind generates from its frontmatter
 * (a page whose frontmatter did not validate is checked this way: compile/check-bodies.ts).
 */
export function compilePage(
  input: CompileInput,
  ctx: CompileContext,
  { markdownOnly = false, chunks }: { markdownOnly?: boolean; chunks?: ParsedChunks } = {},
): CompiledPage {
  const issues: DirectiveIssue[] = [];
  const links: InternalLink[] = [];
  // Checked before parsing: deep nesting makes the parser's time explode (block-structure.ts).
  const structure = checkBlockStructure(input.body);
  for (const { line, rule, message, hint } of structure) issues.push({ line, rule, message, hint });
  // A page refused for its nesting is not compiled: its problems, at their file lines.
  const refused = (): CompiledPage => {
    for (const i of issues) if (i.line) i.line += input.bodyLine - 1;
    return { route: input.route, ast: { type: 'root', children: [] }, toc: [], links, sections: [], issues };
  };
  if (structure.some((p) => p.fatal)) return refused();
  const mdast = parseMarkdown(input.body, chunks);
  // And after: nesting the block check cannot see (inline, raw
  // HTML) overflows the tree utilities' recursion (tree-depth.ts).
  const tooDeep = checkTreeDepth(mdast);
  if (tooDeep) {
    issues.push({ line: tooDeep.line, rule: tooDeep.rule, message: tooDeep.message, hint: tooDeep.hint });
    return refused();
  }
  transformDirectives(mdast, ctx, issues, directivesFor(input.frontmatter.kind));
  // Without positions (they only exist on nodes from the Markdown) before generated parts join it.
  const ast = mdastToHast(mdast, { issues, links });
  const fm = input.frontmatter;
  const tools: CompileTools = {
    uniqueId: settleHeadingIds(ast),
    // Links inside generated tables (inline Markdown in data) join the link check, without a line.
    onLink: (url) => {
      if (url.startsWith('/') && !url.startsWith('//')) links.push({ url });
    },
  };
  const parts = markdownOnly ? undefined : kindOf(fm).compile?.(fm, ctx, tools);
  if (parts) place(ast, parts, issues);
  fillDataTables(ast, ctx, issues, tools.onLink);
  fillDiagrams(ast, ctx);
  linkHeadings(ast);
  const toc = fm.hide_toc ? [] : tocOf(ast);
  const sections = extractSections(ast, fm.title);
  // Lines are relative to the body: make them file lines.
  const shift = input.bodyLine - 1;
  for (const l of links) if (l.line) l.line += shift;
  for (const i of issues) if (i.line) i.line += shift;
  return { route: input.route, ast, toc, links, sections, issues };
}
