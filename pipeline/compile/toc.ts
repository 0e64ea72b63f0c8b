/** hast → TOC entries (h2–h3, as the spec's constants say) and heading anchors. */
import type { Element, Root } from 'hast';
import { walkElements } from './walk.ts';
import { toString } from 'hast-util-to-string';
import type { TocEntry } from '../../schema/page.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from '../../schema/site-constants.ts';

export function extractToc(tree: Root): TocEntry[] {
  const toc: TocEntry[] = [];
  walkElements(tree, (node: Element) => {
    const depth = /^h([2-6])$/.exec(node.tagName)?.[1];
    if (!depth) return;
    const id = node.properties.id as string | undefined;
    if (!id) return;
    const d = Number(depth);
    if (d >= TOC_MIN_LEVEL && d <= TOC_MAX_LEVEL) toc.push({ depth: d, id, text: toString(node).trim() });
    // A visible anchor link for every heading: hover to copy the link to a section.
    node.children.push({ type: 'element', tagName: 'a', properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: `Direct link to ${toString(node).trim()}` }, children: [{ type: 'text', value: '#' }] });
  });
  return toc;
}
