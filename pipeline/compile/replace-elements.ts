/**
 * A tree with some elements replaced, the given tree left as it is: only the replaced
 * elements' ancestors are new objects (with new children arrays), every other node is the
 * given tree's. The link-time fills (a group's variants table, an operation's "Changes from
 * v1", the changelog's entries) replace one placeholder of a compiled tree the memo and the
 * dev server share; each used to copy the whole tree (`structuredClone`) for that, on a v2
 * operation page its whole two-pane reference (measured: bench/HISTORY.md, issue 52).
 * The trees a build passes on are read, never changed (a page without a fill passes its
 * compiled tree itself), so sharing the untouched nodes is safe.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { isCodeBlock } from './walk.ts';

/**
 * `replace` is asked about every element outside code blocks (as compile/walk.ts walks them),
 * parents first: the nodes it returns take the element's place (none: it goes), and are not
 * walked; undefined keeps the element and walks its children. Nothing replaced: `tree` itself.
 */
export function replaceElements<T extends Root | Element>(
  tree: T,
  replace: (node: Element) => ElementContent[] | undefined,
): T {
  let children: RootContent[] | undefined;
  tree.children.forEach((node: RootContent, i) => {
    let now: RootContent | ElementContent[] = node;
    if (node.type === 'element') {
      const replaced = replace(node);
      now = replaced ?? (isCodeBlock(node) ? node : replaceElements(node, replace));
    }
    if (now === node && !children) return;
    children ??= tree.children.slice(0, i);
    if (Array.isArray(now)) children.push(...now);
    else children.push(now);
  });
  return children ? ({ ...tree, children } as T) : tree;
}

/** `replaceElements` for the placeholder `<div data-placeholder="name">`: `fill` gives its replacement. */
export const replacePlaceholders = <T extends Root | Element>(
  tree: T,
  name: string,
  fill: (node: Element) => ElementContent[],
): T => replaceElements(tree, (node) => (node.properties.dataPlaceholder === name ? fill(node) : undefined));
