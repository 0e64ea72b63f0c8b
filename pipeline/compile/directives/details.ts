/** `:::details[Summary]` → a closed `details` element. */
import type { DirectiveHandler } from './types.ts';
import { setH, takeLabel } from './types.ts';

export const details: DirectiveHandler = {
  form: 'containerDirective',
  handle(d) {
    const summary = takeLabel(d) ?? 'Details';
    d.children.unshift({
      type: 'paragraph',
      data: { hName: 'summary' },
      children: [{ type: 'text', value: summary }],
    } as never);
    setH(d, 'details', { className: ['details'] });
  },
};
