/** `::name` of a part generated later (it needs other pages or data sources) → `div[data-placeholder=name]`. */
import type { PageKind } from '../../../schema/frontmatter.ts';
import type { DirectiveHandler } from './types.ts';
import { setH } from './types.ts';

export const placeholder: DirectiveHandler = {
  form: 'leafDirective',
  handle(d) {
    setH(d, 'div', { dataPlaceholder: d.name });
  },
};

/** A placeholder on a page whose kind has no data for it: named, and left out. */
export const misplacedPlaceholder = (owner: PageKind): DirectiveHandler => ({
  form: 'leafDirective',
  handle(d, { issues, line, parent, index }) {
    issues.push({
      line,
      rule: 'placeholder-kind',
      message: `"::${d.name}" is filled only on ${owner} pages: this page's kind has no data for it`,
      hint: `Remove it, or move it to a page with \`kind: ${owner}\`.`,
    });
    parent.children.splice(index, 1);
    return index;
  },
});
