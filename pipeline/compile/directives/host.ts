/** `:host[sandbox.api]` → the base URL from content/site.yaml `environments`, as code. */
import type { RootContent } from 'mdast';
import { SKIP } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { DirectiveHandler } from './types.ts';

export const host: DirectiveHandler = {
  form: 'textDirective',
  handle(d, { ctx, issues, line, parent, index }) {
    const key = toString(d).trim();
    const [env, name] = key.split('.');
    const url = (ctx.config.environments as Record<string, Record<string, string>>)[env]?.[name];
    if (!url)
      issues.push({
        line,
        rule: 'host-reference',
        message: `Unknown host "${key}"`,
        hint: `Use <environment>.<name> from content/site.yaml environments, e.g. sandbox.api.`,
      });
    parent.children.splice(index, 1, { type: 'inlineCode', value: url ?? key } as RootContent);
    return SKIP;
  },
};
