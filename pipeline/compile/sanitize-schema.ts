/**
 * What raw HTML and Markdown may put on a page. Based on GitHub's schema
 * (hast-util-sanitize defaultSchema): no script, style, event handlers or
 * javascript: URLs. Our own directive elements (aside, details, tabs) and their
 * classes / data attributes are allowed because the compiler creates them before
 * sanitizing. Generated reference blocks are added after sanitizing (trusted).
 */
import { defaultSchema, type Options } from 'rehype-sanitize';

const ours = ['className', 'dataGroup', 'dataLabel', 'dataLang', 'dataTitle', 'dataPlaceholder', 'dataKind', 'dataMeta'];

export const sanitizeSchema: Options = {
  ...defaultSchema,
  // Keep heading ids readable: they are added after sanitizing anyway.
  clobberPrefix: '',
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside', 'figure', 'figcaption', 'mark', 'abbr'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), ...ours],
    code: [...(defaultSchema.attributes?.code ?? []), 'className'],
    a: [...(defaultSchema.attributes?.a ?? []), 'className', 'title'],
    abbr: ['title'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
};
