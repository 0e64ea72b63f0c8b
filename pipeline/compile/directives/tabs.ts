/** `::::tabs{group=lang}` around fenced code blocks → one tab per block (compile/code.ts labels them). */
import type { DirectiveHandler } from './types.ts';
import { setH } from './types.ts';

export const tabs: DirectiveHandler = {
  form: 'containerDirective',
  handle(d, { issues, line }) {
    const codes = d.children.filter((c) => c.type === 'code');
    if (
      !codes.length ||
      codes.length !==
        d.children.filter((c) => !(c.type === 'paragraph' && (c.data as { directiveLabel?: boolean })?.directiveLabel))
          .length
    ) {
      issues.push({
        line,
        rule: 'tabs',
        message: 'Expected only fenced code blocks inside ::::tabs',
        hint: 'Each code block becomes one tab; put prose outside the tabs.',
      });
    }
    setH(d, 'div', { className: ['tabs'], dataGroup: String(d.attributes?.group ?? 'lang') });
  },
};
