/** `:host[sandbox.api]` → the base URL from content/site.yaml `environments`, as code. */
import type { RootContent } from 'mdast';
import { SKIP } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { DirectiveHandler } from './types.ts';
import { didYouMean } from '../../near-miss.ts';

export const host: DirectiveHandler = {
  form: 'textDirective',
  handle(d, { ctx, issues, line, parent, index }) {
    const key = toString(d).trim();
    const [env, name] = key.split('.');
    const environments = ctx.config.environments as Record<string, Record<string, string>>;
    const url = environments[env]?.[name];
    if (!url) {
      const keys = Object.entries(environments).flatMap(([e, names]) => Object.keys(names).map((n) => `${e}.${n}`));
      issues.push({
        line,
        rule: 'host-reference',
        message: `Unknown host "${key}"`,
        hint: `${didYouMean(key, keys)}Use <environment>.<name> from content/site.yaml environments, e.g. sandbox.api.`,
      });
    }
    parent.children.splice(index, 1, { type: 'inlineCode', value: url ?? key } as RootContent);
    return SKIP;
  },
};
