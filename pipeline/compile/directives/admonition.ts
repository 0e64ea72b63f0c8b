/**
 * `:::note|tip|info|warning|danger[Title]` → `aside.admonition` with its title first.
 * `role="note"` named by its title: screen readers announce "Warning, note" rather
 * than an unnamed complementary landmark.
 */
import type { DirectiveHandler } from './types.ts';
import { setH, takeLabel } from './types.ts';

const admonition = (defaultTitle: string): DirectiveHandler => ({
  form: 'containerDirective',
  handle(d) {
    const title = takeLabel(d) ?? defaultTitle;
    d.children.unshift({
      type: 'paragraph',
      data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
      children: [{ type: 'text', value: title }],
    } as never);
    setH(d, 'aside', { className: ['admonition', `admonition-${d.name}`], role: 'note', ariaLabel: title });
  },
});

export const admonitions = {
  note: admonition('Note'),
  tip: admonition('Tip'),
  info: admonition('Info'),
  warning: admonition('Warning'),
  danger: admonition('Danger'),
};
