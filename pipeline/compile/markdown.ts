/**
 * The Markdown → hast processor. Order matters:
 * parse (GFM, directives) → our mdast transforms → hast → raw HTML parsed →
 * sanitize → slug → highlight, then (once the generated parts are in) autolink
 * every heading. Sanitizing first keeps `javascript:` out and keeps slugs, anchor
 * links and highlight classes from being renamed or stripped.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import { toString } from 'hast-util-to-string';
import type { Root as MdastRoot } from 'mdast';
import type { Element, Root as HastRoot } from 'hast';
import { eachNode } from './each-node.ts';
import { walkElements } from './walk.ts';
import { sanitizeSchema } from './sanitize-schema.ts';
import { highlightCode } from './code.ts';
import { applyHtmlPolicy, type HtmlPolicyResult } from './html-policy.ts';
import { linkFootnotes } from './footnote-links.ts';
import { parseInChunks, type ParsedChunks } from './markdown-chunks.ts';
import { mayHoldLiteralAutolinks, remarkGfmWithoutLiterals } from './literal-autolinks.ts';
import { PERMALINK_TEXT, permalinkProperties } from '../../schema/page-toc.ts';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const parserWithoutLiterals = unified().use(remarkParse).use(remarkGfmWithoutLiterals).use(remarkDirective);
// Footnote ids unprefixed: the sanitizer prefixes them, and footnote-links.ts their links.
const toHast = unified().use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' });
const withRaw = unified().use(rehypeRaw);
const sanitize = unified().use(rehypeSanitize, sanitizeSchema);
const slug = unified().use(rehypeSlug);
// A visible `#` link at the end of every h2–h6 with an id: hover to copy the link to a section.
const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
/** What rehype-slug names: every heading rank (hast-util-heading-rank). */
const SLUGGED = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const autolink = unified().use(rehypeAutolinkHeadings, {
  behavior: 'append',
  test: [...HEADINGS],
  // The same link the page JSON's decoder makes again (schema/page-toc.ts).
  properties: (heading) => permalinkProperties(String(heading.properties.id), toString(heading)),
  content: { type: 'text', value: PERMALINK_TEXT },
});

/** The body through all of remark-gfm: what `parseWhole` gives, and what it parsed before the shortcut. */
export const parseWithAllOfGfm = (body: string): MdastRoot => parser.parse(body) as MdastRoot;
/** The body without GFM's literal autolinks (literal-autolinks.ts): `parseWhole`'s first parse. */
export const parseWithoutLiterals = (body: string): MdastRoot => parserWithoutLiterals.parse(body) as MdastRoot;

/** The body parsed whole: GFM's literal autolinks looked for only where there may be one (literal-autolinks.ts). */
export function parseWhole(body: string): MdastRoot {
  const tree = parseWithoutLiterals(body);
  return mayHoldLiteralAutolinks(tree) ? parseWithAllOfGfm(body) : tree;
}

/**
 * The body's tree: with a dev session's `chunks`, unchanged chunks as parsed before
 * (markdown-chunks.ts); else parsed whole.
 */
export function parseMarkdown(body: string, chunks?: ParsedChunks): MdastRoot {
  return parseInChunks(body, parseWhole, chunks);
}

export interface InternalLink {
  url: string;
  line?: number;
}

/**
 * mdast → sanitized, highlighted hast, without positions. `report` receives the page's internal links
 * (Markdown and raw HTML, links and images) and the URL / raw-HTML problems
 * (html-policy.ts), found before sanitizing so that nothing is dropped silently.
 */
export function mdastToHast(tree: MdastRoot, report?: HtmlPolicyResult): HastRoot {
  // Keep code meta (title="…") through raw HTML parsing and sanitizing.
  let hasHtml = false,
    hasFootnotes = false;
  eachNode(tree, (node) => {
    if (node.type === 'code' && node.meta)
      node.data = { ...(node.data ?? {}), hProperties: { dataMeta: node.meta } } as never;
    if (node.type === 'html') hasHtml = true;
    if (node.type === 'footnoteReference') hasFootnotes = true;
  });
  let hast = toHast.runSync(tree) as HastRoot;
  if (hasHtml) hast = withRaw.runSync(hast) as HastRoot;
  const found = applyHtmlPolicy(hast);
  report?.issues.push(...found.issues);
  report?.links.push(...found.links);
  hast = sanitize.runSync(hast) as HastRoot;
  slugHeadings(hast);
  if (hasFootnotes) linkFootnotes(hast);
  // Positions only exist on nodes from the Markdown: dropped before the code's tokens join the tree (a walk
  // of every node, most of them tokens on an API page: measured, bench/HISTORY.md, issue 52).
  dropPositions(hast);
  highlightCode(hast);
  return hast;
}

/**
 * What unist-util-remove-position does with `force` (the key deleted, on the root too), on the lean
 * walk: its unist-util-visit made a closure per node of every page (bench/HISTORY.md, issue 52).
 */
function dropPositions(tree: HastRoot): void {
  delete tree.position;
  eachNode<{ type: string; position?: unknown }>(tree, (node) => {
    delete node.position;
  });
}

/**
 * Every heading's id from its text (rehype-slug), given the headings alone, in document order: the
 * plugin names each in that order whatever else the tree holds, and its walk of the whole tree
 * was the cost (a closure per node: measured, bench/HISTORY.md, issue 52).
 */
function slugHeadings(tree: HastRoot): void {
  const headings: Element[] = [];
  const walk = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (SLUGGED.has(child.tagName.toLowerCase())) headings.push(child);
      walk(child);
    }
  };
  walk(tree);
  slug.runSync({ type: 'root', children: headings });
}

/**
 * Give every heading of the finished page (Markdown and generated parts) its anchor link.
 * The plugin is given the headings alone, found by a walk that skips code blocks: on the
 * whole tree its walk visited every highlighted token
 * (measured: bench/HISTORY.md, heading links). With `behavior: 'append'` it changes only the heading.
 */
export function linkHeadings(tree: HastRoot): void {
  const headings: Element[] = [];
  walkElements(tree, (node) => {
    if (HEADINGS.has(node.tagName)) headings.push(node);
  });
  if (headings.length) autolink.runSync({ type: 'root', children: headings });
}
