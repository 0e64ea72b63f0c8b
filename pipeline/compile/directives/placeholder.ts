/** `::name` of a part generated later (it needs other pages or data sources) → `div[data-placeholder=name]`. */
import type { DirectiveHandler } from './types.ts';
import { setH } from './types.ts';

export const placeholder: DirectiveHandler = {
  form: 'leafDirective',
  handle(d) { setH(d, 'div', { dataPlaceholder: d.name }); },
};
