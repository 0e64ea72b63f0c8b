/** The lean tree walks (compile/each-node.ts) against unist-util-visit. */
import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';
import { eachNode, someNode } from '../../pipeline/compile/each-node.ts';

const markdown = '# Title\n\nSome *text* with [a link](/x).\n\n- one\n- two `code`\n\n```js\nlet a;\n```\n';

describe('eachNode and someNode', () => {
  it('visit every node below the tree in the order unist-util-visit does', () => {
    const tree = fromMarkdown(markdown);
    const theirs: string[] = [];
    visit(tree, (node) => {
      if (node !== tree) theirs.push(node.type);
    });
    const ours: string[] = [];
    eachNode(tree, (node) => ours.push(node.type));
    expect(ours).toEqual(theirs);
  });

  it('someNode stops at the first node that passes', () => {
    const tree = fromMarkdown(markdown);
    const seen: string[] = [];
    expect(
      someNode(tree, (node) => {
        seen.push(node.type);
        return node.type === 'emphasis';
      }),
    ).toBe(true);
    expect(seen.at(-1)).toBe('emphasis');
    expect(seen).not.toContain('list');
    expect(someNode(tree, (node) => node.type === 'table')).toBe(false);
  });
});
