/**
 * A depth limit on a page's parsed tree, checked before the tree goes to the tree
 * utilities that recurse once or more per level (mdast-util-to-hast, rehype-raw's
 * hast-util-from-parse5, the sanitizer, the HTML and twin writers). The block limit
 * (block-structure.ts) bounds lists, quotes and directives on the raw text; this bounds
 * what it cannot see: inline nesting (`***` inside `***`: 4,000 levels overflowed the
 * stack) and raw HTML (3,000 nested `<div>`s did), which the compile reported only as
 * "The compiler crashed". Both walks are loops, not recursion, for the same reason.
 */
import type { Nodes, Root } from 'mdast';
import { htmlVoidElements } from 'html-void-elements';
import { tooDeep, type StructureProblem } from './block-structure.ts';

/**
 * Deepest tree a page may have, raw HTML elements included. Far above real pages (24
 * nested lists with a paragraph, emphasis, a link and code are ~55 levels of mdast; the
 * real site's deepest page has 7) and far below where the libraries' recursion overflows
 * (in a build, 1,000 nested `<div>`s still compiled and 3,000 did not).
 */
export const MAX_TREE_DEPTH = 100;

/** Elements with no content, as the HTML parser that nests the rest (hast-util-raw) knows them. */
const VOID = new Set(htmlVoidElements);
/** Elements a like sibling closes (`<li>a<li>b`): not nested, whatever the scan sees. */
const SELF_ENDING = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'thead', 'tbody']);
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*?(\/?)>/g;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** The page's tree nested deeper than MAX_TREE_DEPTH, with the line where it first does; or nothing. */
export function checkTreeDepth(tree: Root): StructureProblem | undefined {
  // Elements raw HTML has opened and not closed, in document order across the page's HTML nodes.
  const open: string[] = [];
  const stack: [Nodes, number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const line = node.position?.start.line ?? 1;
    if (depth > MAX_TREE_DEPTH)
      return tooDeep(line, depth, 'Markdown elements (emphasis, links, lists, quotes)', MAX_TREE_DEPTH);
    if (node.type === 'html') {
      for (const [, closing, name, selfClosing] of node.value.replace(COMMENT, '').matchAll(TAG)) {
        const tag = name.toLowerCase();
        if (closing) {
          const at = open.lastIndexOf(tag);
          if (at !== -1) open.length = at;
        } else if (!selfClosing && !VOID.has(tag)) {
          if (SELF_ENDING.has(tag) && open.at(-1) === tag) open.pop();
          open.push(tag);
          if (depth + open.length > MAX_TREE_DEPTH)
            return tooDeep(line, depth + open.length, 'elements (raw HTML tags included)', MAX_TREE_DEPTH);
        }
      }
    }
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
  return undefined;
}
