/**
 * hast → TOC entries (h2–h3, as the spec's constants say). A pure read of the tree:
 * the headings' anchor links are added by markdown.ts linkHeadings().
 */
import type { Element, Root } from 'hast';
import { walkElements } from './walk.ts';
import { toString } from 'hast-util-to-string';
import type { TocEntry } from '../../schema/page.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from '../../schema/site-constants.ts';

const isAnchorLink = (node: Element['children'][number]) =>
  node.type === 'element' && ((node.properties.className as string[] | undefined) ?? []).includes('hash-link');

export function extractToc(tree: Root): TocEntry[] {
  const toc: TocEntry[] = [];
  walkElements(tree, (node: Element) => {
    const depth = /^h([2-6])$/.exec(node.tagName)?.[1];
    const id = node.properties.id;
    if (!depth || typeof id !== 'string' || !id) return;
    const d = Number(depth);
    // The heading's text without its `#` anchor link.
    const text = toString({ ...node, children: node.children.filter((c) => !isAnchorLink(c)) }).trim();
    if (d >= TOC_MIN_LEVEL && d <= TOC_MAX_LEVEL) toc.push({ depth: d, id, text });
  });
  return toc;
}
