/** Heading anchors come from rehype-autolink-headings; the TOC is a pure read of the tree. */
import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { parseMarkdown, mdastToHast, linkHeadings } from '../../pipeline/compile/markdown.ts';
import { tocOf } from '../../schema/page-toc.ts';

const hast = (md: string) => mdastToHast(parseMarkdown(md));

describe('heading anchors and TOC', () => {
  it('appends a `#` link to every h2–h6 with an id, named after the heading', () => {
    const tree = hast('# Title\n\n## Create a *payment*\n\n#### Deep\n');
    linkHeadings(tree);
    const html = toHtml(tree);
    expect(html).toContain(
      '<h2 id="create-a-payment">Create a <em>payment</em><a href="#create-a-payment" ' +
        'class="hash-link" aria-label="Direct link to Create a payment">#</a></h2>',
    );
    expect(html).toContain('<a href="#deep" class="hash-link" aria-label="Direct link to Deep">#</a></h4>');
    expect(html).toContain('<h1 id="title">Title</h1>');
  });

  it('reads h2–h3 without changing the tree, before or after the anchors are added', () => {
    const tree = hast('## One\n\n### Two\n\n#### Three\n');
    const before = structuredClone(tree);
    const toc = tocOf(tree);
    expect(tree).toEqual(before);
    expect(toc).toEqual([
      { depth: 2, id: 'one', text: 'One' },
      { depth: 3, id: 'two', text: 'Two' },
    ]);
    linkHeadings(tree);
    expect(tocOf(tree)).toEqual(toc);
  });
});
