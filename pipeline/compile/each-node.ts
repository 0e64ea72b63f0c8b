/**
 * Lean walks of a unist tree (mdast or hast) for the passes that only read or set fields of
 * nodes: unist-util-visit makes a closure per node and names it (`Object.defineProperty`,
 * for stack traces), most of a walk's cost; the compile and the twins walk every node of
 * every page (measured: bench/HISTORY.md, issue 52). Preorder, below `tree` (not `tree` itself).
 */

/** What a walk reads of a node: its children, when it has some. */
interface Walked<N> {
  children?: readonly N[];
}

/** Calls `fn` with every node below `tree`, parents first. */
export function eachNode<N extends { type: string }>(tree: Walked<N>, fn: (node: N) => void): void {
  const children = tree.children;
  if (!children) return;
  for (const child of children) {
    fn(child);
    eachNode(child as Walked<N>, fn);
  }
}

/** Whether some node below `tree` passes `test` (the walk stops at the first that does). */
export function someNode<N extends { type: string }>(tree: Walked<N>, test: (node: N) => boolean): boolean {
  const children = tree.children;
  if (!children) return false;
  for (const child of children) if (test(child) || someNode(child as Walked<N>, test)) return true;
  return false;
}
