/**
 * The Markdown → hast processor. Order matters (ARCHITECTURE.md pitfalls):
 * parse (GFM, directives) → our mdast transforms → hast → raw HTML parsed →
 * sanitize → slug → highlight. Sanitizing first keeps `javascript:` out and
 * keeps slugs and highlight classes from being renamed or stripped.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import type { Root as MdastRoot, Code } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { visit } from 'unist-util-visit';
import { sanitizeSchema } from './sanitize-schema.ts';
import { highlightCode } from './code.ts';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const toHast = unified().use(remarkRehype, { allowDangerousHtml: true });
const withRaw = unified().use(rehypeRaw);
const finish = unified().use(rehypeSanitize, sanitizeSchema).use(rehypeSlug);

export function parseMarkdown(body: string): MdastRoot {
  return parser.parse(body) as MdastRoot;
}

export interface InternalLink { url: string; line?: number }

/** Links to routes of this site (absolute paths), for the link check. */
export function collectLinks(tree: MdastRoot): InternalLink[] {
  const links: InternalLink[] = [];
  visit(tree, (node) => {
    if ((node.type === 'link' || node.type === 'definition') && typeof (node as { url: string }).url === 'string') {
      const url = (node as { url: string }).url;
      if (url.startsWith('/') && !url.startsWith('//')) links.push({ url, line: node.position?.start.line });
    }
  });
  return links;
}

export function mdastToHast(tree: MdastRoot): HastRoot {
  // Keep code meta (title="…") through raw HTML parsing and sanitizing.
  let hasHtml = false;
  visit(tree, (node) => {
    if (node.type === 'code' && (node as Code).meta) node.data = { ...(node.data ?? {}), hProperties: { dataMeta: (node as Code).meta } } as never;
    if (node.type === 'html') hasHtml = true;
  });
  let hast = toHast.runSync(tree) as HastRoot;
  if (hasHtml) hast = withRaw.runSync(hast) as HastRoot;
  hast = finish.runSync(hast) as HastRoot;
  highlightCode(hast);
  return hast;
}
