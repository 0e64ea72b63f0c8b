/**
 * A page's headings as its TOC lists them, and the `#` link each heading ends with. Browser-safe
 * and shared: the pipeline builds both with these functions, and the page JSON's decoder
 * (page-codec.ts) restores both from them, so neither travels in the file (schemaVersion 4).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import type { TocEntry } from './page.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from './site-constants.ts';

/** The class of a heading's `#` link: chrome, not content (the TOC, search text and Markdown twins leave it out). */
export const PERMALINK_CLASS = 'hash-link';

/**
 * The properties of the `#` link at the end of a heading with this id and text
 * (rehype-autolink-headings'). href first, as page JSON has always had it.
 */
export const permalinkProperties = (id: string, headingText: string): Properties => ({
  href: `#${id}`,
  className: [PERMALINK_CLASS],
  ariaLabel: `Direct link to ${headingText.trim()}`,
});

/** The visible content of a heading's `#` link. */
export const PERMALINK_TEXT = '#';

/** The `#` link a heading's children end with when the pipeline linked it: `before` is what precedes it. */
export function permalinkOf(heading: Element, before: ElementContent[]): Element | undefined {
  const id = heading.properties.id;
  if (typeof id !== 'string' || !/^h[2-6]$/.test(heading.tagName)) return undefined;
  return {
    type: 'element',
    tagName: 'a',
    properties: permalinkProperties(id, toString({ ...heading, children: before })),
    children: [{ type: 'text', value: PERMALINK_TEXT }],
  };
}

/** Whether a node is a heading's `#` link. */
export const isPermalink = (node: ElementContent | RootContent) =>
  node.type === 'element' && ((node.properties.className as string[] | undefined) ?? []).includes(PERMALINK_CLASS);
const isCodeBlock = (node: Element) =>
  (node.properties.className as string[] | undefined)?.includes('code-block') ?? false;

/** The h2–h3 with an id, in reading order, with their text (without the `#` link). A pure read of the tree. */
export function tocOf(tree: Root): TocEntry[] {
  const toc: TocEntry[] = [];
  const walk = (parent: Root | Element) => {
    for (const node of parent.children) {
      if (node.type !== 'element') continue;
      const depth = Number(/^h([2-6])$/.exec(node.tagName)?.[1]);
      const id = node.properties.id;
      if (depth && typeof id === 'string' && id) {
        if (depth >= TOC_MIN_LEVEL && depth <= TOC_MAX_LEVEL)
          toc.push({
            depth,
            id,
            text: toString({ ...node, children: node.children.filter((c) => !isPermalink(c)) }).trim(),
          });
      } else if (!isCodeBlock(node)) walk(node);
    }
  };
  walk(tree);
  return toc;
}
