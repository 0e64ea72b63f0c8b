/**
 * A lean element walk for hast. unist-util-visit builds a parents stack per node,
 * which dominates compile time on pages full of highlighted code; our passes only
 * need elements, and never need to look inside a highlighted code block.
 */
import type { Element, Root } from 'hast';

/** A highlighted code block (schema/code-block.ts): the passes never look inside one. */
export const isCodeBlock = (node: Element) =>
  (node.properties.className as string[] | undefined)?.includes('code-block') ?? false;

/** Calls `fn` for every element outside code blocks; `fn` returning false skips the element's children. */
export function walkElements(
  tree: Root | Element,
  // biome-ignore lint/suspicious/noConfusingVoidType: visitors that return nothing are the common case
  fn: (node: Element, parent: Root | Element, index: number) => boolean | void,
): void {
  const children = tree.children;
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (node.type !== 'element') continue;
    if (fn(node, tree, i) === false || isCodeBlock(node)) continue;
    walkElements(node, fn);
  }
}
