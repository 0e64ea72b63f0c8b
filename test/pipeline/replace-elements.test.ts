/** The copy-on-write replacement of the link-time fills (compile/replace-elements.ts). */
import { describe, expect, it } from 'vitest';
import { h } from 'hastscript';
import type { Element, Root } from 'hast';
import { replaceElements, replacePlaceholders } from '../../pipeline/compile/replace-elements.ts';

const placeholder = (name: string): Element => h('div', { dataPlaceholder: name });

describe('replaceElements', () => {
  const tree = (): Root =>
    h(null, [
      h('section', [h('h2', 'A'), h('p', 'kept'), placeholder('x')]),
      h('pre.code-block', [placeholder('x')]),
      h('p', 'after'),
      placeholder('y'),
    ]);

  it('leaves the given tree as it was and shares every node it did not change', () => {
    const before = tree();
    const copy = structuredClone(before);
    const after = replacePlaceholders(before, 'x', () => [h('p', 'filled'), h('p', 'twice')]);
    expect(before).toEqual(copy);
    expect(after).not.toBe(before);
    const [section, pre, p, y] = after.children as Element[];
    expect(section).not.toBe(before.children[0]);
    expect(section.children.map((c) => (c as Element).tagName)).toEqual(['h2', 'p', 'p', 'p']);
    expect(section.children[0]).toBe((before.children[0] as Element).children[0]);
    // Inside a code block nothing is replaced (as compile/walk.ts walks).
    expect(pre).toBe(before.children[1]);
    expect(p).toBe(before.children[2]);
    expect(y).toBe(before.children[3]);
  });

  it('gives the tree itself when nothing is replaced, and removes an element replaced by nothing', () => {
    const before = tree();
    expect(replacePlaceholders(before, 'none', () => [])).toBe(before);
    const after = replaceElements(before, (node) => (node.properties.dataPlaceholder === 'y' ? [] : undefined));
    expect(after.children).toHaveLength(3);
  });

  it('makes the tree the in-place fill made on a copy', () => {
    const before = tree();
    const inPlace = structuredClone(before);
    const fill = (parent: Root | Element) => {
      parent.children.forEach((node, i) => {
        if (node.type !== 'element' || (node.properties.className as string[] | undefined)?.includes('code-block'))
          return;
        if (node.properties.dataPlaceholder === 'x') parent.children.splice(i, 1, h('p', 'filled'));
        else fill(node);
      });
    };
    fill(inPlace);
    expect(replacePlaceholders(before, 'x', () => [h('p', 'filled')])).toEqual(inPlace);
  });
});
