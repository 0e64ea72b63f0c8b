/**
 * What raw HTML and Markdown may put on a page. Based on GitHub's schema
 * (hast-util-sanitize defaultSchema): no script, style, event handlers or
 * javascript: URLs. Our own directive elements (aside, details, tabs) and their
 * classes / data attributes are allowed because the compiler creates them before
 * sanitizing. Generated reference blocks are added after sanitizing (trusted).
 */
import { defaultSchema, type Options } from 'rehype-sanitize';

const ours = [
  'className',
  'dataGroup',
  'dataLabel',
  'dataLang',
  'dataTitle',
  'dataPlaceholder',
  'dataKind',
  'dataMeta',
];

export const sanitizeSchema: Options = {
  ...defaultSchema,
  // `<style>` loses its text too (unwrapped, its CSS would show as page text).
  strip: ['script', 'style'],
  // Raw `id` / `name` values are prefixed so they cannot clobber DOM globals
  // (`<img name="getElementById">`); heading ids are added after sanitizing, unprefixed.
  // The ARIA references name ids: prefixed alike, they still name them (a footnote call's
  // `aria-describedby` its "Footnotes" label).
  clobberPrefix: 'user-content-',
  clobber: ['ariaDescribedBy', 'ariaLabelledBy', 'id', 'name'],
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside', 'figure', 'figcaption', 'mark', 'abbr'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), ...ours],
    code: [...(defaultSchema.attributes?.code ?? []), 'className'],
    a: [...(defaultSchema.attributes?.a ?? []), 'className', 'title'],
    abbr: ['title'],
    // Admonitions (directives/admonition.ts): a named note, nothing else.
    aside: [['role', 'note'], 'ariaLabel'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
};
