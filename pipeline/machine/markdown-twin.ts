/**
 * The Markdown twin of a page (`<route>.md`): the title as an H1, the description as a
 * quote, then the page AST converted hast → mdast (hast-util-to-mdast, with handlers for
 * the generated parts) → Markdown (mdast-util-to-markdown + GFM tables). Links are made
 * absolute against the site URL, so the file stands on its own outside the site.
 */
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { eachNode } from '../compile/each-node.ts';
import type { Element as HastElement, Root as HastRoot } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Root, RootContent, PhrasingContent } from 'mdast';
import type { PageData } from '../../schema/page.ts';
import { twinHandlers } from './twin-handlers.ts';
import { plainInlineCodeHandler, plainTextHandler } from './plain-text.ts';

import { twinPath } from '../../schema/machine-docs.ts';

export { twinPath };

const origin = (siteUrl: string) => siteUrl.replace(/\/$/, '');
export const twinUrl = (siteUrl: string, route: string): string => `${origin(siteUrl)}/${twinPath(route)}`;
export const pageUrl = (siteUrl: string, route: string): string => origin(siteUrl) + (route === '/' ? '/' : route);

/** Root-relative and same-page links → absolute URLs of the HTML pages. */
export function absoluteUrl(url: string, siteUrl: string, route: string): string {
  if (url.startsWith('#')) return pageUrl(siteUrl, route) + url;
  if (url.startsWith('/') && !url.startsWith('//')) return origin(siteUrl) + url;
  return url;
}

export interface TwinOptions {
  siteUrl: string;
  /** Extra links shown under the description, e.g. an API page's OpenAPI document. */
  links?: { label: string; url: string }[];
}

/**
 * The tree with every highlighted `code` as one text node (a copy; the page's tree is
 * shared): the twin shows code as plain text, and walking thousands of token spans
 * was a third of the conversion's time (bench/build.bench.ts).
 */
function plainCode<T extends HastRoot | HastElement>(node: T): T {
  if (node.type === 'element' && node.tagName === 'code' && node.children.some((c) => c.type === 'element'))
    return { ...node, children: [{ type: 'text', value: hastToString(node) }] };
  let changed = false;
  const children = node.children.map((c) => {
    const n = c.type === 'element' ? plainCode(c) : c;
    changed ||= n !== c;
    return n;
  });
  return changed ? ({ ...node, children } as T) : node;
}

/** The page body (no title) as mdast. hast-util-to-mdast converts a copy: the page's tree is left as it was. */
export function pageMdast(page: Pick<PageData, 'ast' | 'route'>, siteUrl: string): Root {
  const tree = toMdast(plainCode(page.ast as HastRoot), { handlers: twinHandlers }) as Root;
  eachNode(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition')
      node.url = absoluteUrl(node.url, siteUrl, page.route);
  });
  return tree;
}

const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** A frontmatter description: plain text whose backticks mean code, kept as inline Markdown (not escaped). */
export function inlineMarkdown(value: string): PhrasingContent[] {
  const first = fromMarkdown(value).children[0];
  return first?.type === 'paragraph' ? first.children : [text(value)];
}

export function twinMdast(page: Pick<PageData, 'ast' | 'route' | 'title' | 'description'>, options: TwinOptions): Root {
  const head: RootContent[] = [{ type: 'heading', depth: 1, children: [text(page.title)] }];
  if (page.description)
    head.push({ type: 'blockquote', children: [{ type: 'paragraph', children: inlineMarkdown(page.description) }] });
  if (options.links?.length) {
    head.push({
      type: 'paragraph',
      children: options.links.flatMap((l, i): PhrasingContent[] => [
        ...(i ? [text(' · ')] : []),
        { type: 'link', url: l.url, children: [text(l.label)] },
      ]),
    });
  }
  return { type: 'root', children: [...head, ...pageMdast(page, options.siteUrl).children] };
}

const gfm = gfmToMarkdown({ tablePipeAlign: false });
/** GFM's inline code handler (the table extension's: it escapes pipes in cells). */
const gfmInlineCode = gfm.extensions!.flatMap((e) => e.handlers?.inlineCode ?? [])[0];

export function toMarkdownText(tree: Root): string {
  return toMarkdown(tree, {
    extensions: [gfm],
    bullet: '-',
    emphasis: '_',
    fences: true,
    listItemIndent: 'one',
    handlers: { text: plainTextHandler, inlineCode: plainInlineCodeHandler(gfmInlineCode) },
  });
}

/** The Markdown twin of one page. */
export function pageMarkdown(
  page: Pick<PageData, 'ast' | 'route' | 'title' | 'description'>,
  options: TwinOptions,
): string {
  return toMarkdownText(twinMdast(page, options));
}
