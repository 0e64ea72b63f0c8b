/**
 * hast → hast, after sanitizing: footnote links that reach their footnotes. GFM footnotes
 * link a call (`[^1]`) and its note through ids. The sanitizer prefixes every id
 * (`user-content-`, against DOM clobbering: sanitize-schema.ts) but no link, so the page's
 * `#fn-1` would point at nothing once the note is `user-content-fn-1`. GitHub mends that
 * in the browser with a script; the links are mended here, once, at build time. Footnote
 * ids come to the sanitizer unprefixed (remark-rehype `clobberPrefix: ''`), so each gets
 * the prefix once.
 */
import type { Element, Root } from 'hast';
import { sanitizeSchema } from './sanitize-schema.ts';
import { walkElements } from './walk.ts';

const prefix = sanitizeSchema.clobberPrefix ?? '';

const isFootnoteLink = (node: Element) =>
  node.tagName === 'a' &&
  (node.properties.dataFootnoteRef !== undefined || node.properties.dataFootnoteBackref !== undefined);

export function linkFootnotes(tree: Root): void {
  walkElements(tree, (node) => {
    const href = node.properties.href;
    if (isFootnoteLink(node) && typeof href === 'string' && href.startsWith('#') && !href.startsWith(`#${prefix}`))
      node.properties.href = `#${prefix}${href.slice(1)}`;
  });
}
