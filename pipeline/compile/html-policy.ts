/**
 * hast → hast, before sanitizing: the URL and raw-HTML rules of docs/errors.md.
 * rehype-sanitize silently drops what it refuses (a `<form>`, an `HTTPS:` link,
 * a `javascript:` href): here every such loss becomes a named issue with its line,
 * URL schemes are compared case-insensitively, and links and images written in
 * raw HTML or as Markdown images join the link check.
 */
import type { Element, Root } from 'hast';
import type { DirectiveIssue } from './directives/index.ts';
import type { InternalLink } from './markdown.ts';
import { sanitizeSchema } from './sanitize-schema.ts';
import { quoted } from '../quoted.ts';
import { find, html as htmlSchema } from 'property-information';

/**
 * Schemes a link may use; anything else is refused with `link-scheme`. An image takes none:
 * it comes from the site itself, as the Content-Security-Policy (emit/html.ts, `img-src 'self'`)
 * blocks one from another host and the page would show it broken.
 */
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const allowedTags = new Set(sanitizeSchema.tagNames ?? []);
const strippedTags = new Set(sanitizeSchema.strip ?? []);
const attributeNames = (list: readonly (string | readonly unknown[])[] | undefined) =>
  new Set((list ?? []).map((a) => (typeof a === 'string' ? a : String(a[0]))));
const keptEverywhere = attributeNames(sanitizeSchema.attributes?.['*']);
const keptOn = new Map(
  Object.entries(sanitizeSchema.attributes ?? {}).map(([tag, list]) => [tag, attributeNames(list)]),
);

/**
 * Whether the sanitizer keeps an attribute of this name on this tag (its value may still be
 * refused: `<aside role>`).
 */
function keptAttribute(tag: string, property: string): boolean {
  if (keptEverywhere.has(property) || keptOn.get(tag)?.has(property)) return true;
  return /^data[A-Z]/.test(property) && (keptEverywhere.has('data*') || !!keptOn.get(tag)?.has('data*'));
}

export interface HtmlPolicyResult {
  issues: DirectiveIssue[];
  links: InternalLink[];
}

function visitElements(node: Root | Element, fn: (el: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    fn(child);
    visitElements(child, fn);
  }
}

/** Checks a URL as written in the page; returns the URL to keep (scheme lower-cased) or undefined to drop it. */
export function checkUrl(
  url: string,
  attribute: 'href' | 'src',
  report: (rule: 'link-scheme' | 'link-relative', message: string, hint: string) => void,
): string | undefined {
  const trimmed = url.trim();
  if (!trimmed) {
    report(
      'link-relative',
      'Expected a route, an anchor or a URL, found an empty link target',
      'Write where the link goes between the parentheses: [text](/section/page).',
    );
    return undefined;
  }
  // mdast-util-to-hast has already percent-encoded Markdown URLs: "\\" arrives as "%5C".
  if (trimmed.includes('\\') || /%5c/i.test(trimmed)) {
    report(
      'link-relative',
      `Expected a URL with forward slashes, found a backslash in ${quoted(url)}`,
      'Browsers read "\\" as "/": write the route with "/" (/section/page).',
    );
    return undefined;
  }
  const scheme = SCHEME.exec(trimmed)?.[1];
  if (scheme) {
    const lower = scheme.toLowerCase();
    if (attribute === 'src') {
      const why =
        lower === 'http' || lower === 'https'
          ? "which the site's Content-Security-Policy blocks: it loads no images from other hosts"
          : `a "${scheme}:" URL`;
      report(
        'link-scheme',
        `Expected an image of this site (a route such as /img/flow.png), found ${quoted(url)}, ${why}`,
        'Save the image in content/public/ (content/public/img/flow.png ' +
          'is served at /img/flow.png) and write its route.',
      );
      return undefined;
    }
    if (!LINK_SCHEMES.includes(lower)) {
      report(
        'link-scheme',
        `Expected a link to a route or an ${LINK_SCHEMES.join(', ')} ` +
          `URL, found the scheme "${scheme}:" in ${quoted(url)}`,
        'Links to other pages are absolute routes (/section/page); a "name:" prefix is read as a URL scheme.',
      );
      return undefined;
    }
    return lower + trimmed.slice(scheme.length);
  }
  if (trimmed && !/^[/#?]/.test(trimmed)) {
    report(
      'link-relative',
      `Expected an absolute route (/…), an anchor (#…) or a full URL, found the relative URL ${quoted(url)}`,
      'Relative links break when a page moves: write the route from the site root, e.g. /reference/test_cards.',
    );
    return undefined;
  }
  return trimmed;
}

/** Applies the rules to a page's hast (with positions) and returns what it found. */
export function applyHtmlPolicy(tree: Root): HtmlPolicyResult {
  const issues: DirectiveIssue[] = [];
  const links: InternalLink[] = [];
  visitElements(tree, (el) => {
    const line = el.position?.start.line;
    const formControl = el.tagName === 'input' && el.properties.type !== 'checkbox';
    if (formControl || strippedTags.has(el.tagName) || (!allowedTags.has(el.tagName) && el.position)) {
      issues.push({
        line,
        rule: 'raw-html',
        message: `Expected HTML that the page can show, found <${el.tagName}>, which is removed`,
        hint:
          'Forms, inputs, scripts, styles, frames and embeds are not ' +
          'allowed in pages: describe the thing in Markdown, or link to it.',
      });
    } else if (el.position) {
      // A kept tag loses the attributes the sanitizer does not know (`style`, `target`): named
      // here, or the writer sees the markup survive without what it was written for.
      for (const name of Object.keys(el.properties)) {
        if (/^on/i.test(name) || keptAttribute(el.tagName, name)) continue;
        const attribute = find(htmlSchema, name).attribute;
        issues.push({
          line,
          rule: 'raw-html',
          message: `Expected attributes the page keeps, found ${attribute} on <${el.tagName}>, which is removed`,
          hint:
            attribute === 'style'
              ? 'Pages have no inline styles (strict CSP): their look ' +
                "comes from the site's stylesheet. Remove the attribute."
              : 'HTML in pages keeps only the attributes GitHub keeps (no styles, ' +
                'targets or scripts): remove it, or write the thing in Markdown.',
        });
      }
    }
    const language = (el.properties.className as string[] | undefined)?.find((c) => c.startsWith('language-'));
    if (el.tagName === 'code' && language && !/^language-[\w+#.-]+$/.test(language)) {
      issues.push({
        line,
        rule: 'code-language',
        message: `Expected a code language name (letters, digits, + # . -), found "${language.slice(9)}"`,
        hint: 'Write the language right after the fence (```json); put a title in title="…".',
      });
      el.properties.className = (el.properties.className as string[]).filter((c) => c !== language);
    }
    for (const name of Object.keys(el.properties)) {
      if (/^on/i.test(name))
        issues.push({
          line,
          rule: 'raw-html',
          message: `Expected no event handler attributes, found ${name} on <${el.tagName}>`,
          hint: 'Pages run no inline script (strict CSP): remove the attribute.',
        });
    }
    for (const attribute of ['href', 'src'] as const) {
      const value = el.properties[attribute];
      if (typeof value !== 'string') continue;
      const kept = checkUrl(value, attribute, (rule, message, hint) => issues.push({ line, rule, message, hint }));
      if (kept === undefined) {
        delete el.properties[attribute];
        continue;
      }
      el.properties[attribute] = kept;
      if (kept.startsWith('/') && !kept.startsWith('//')) links.push({ url: kept, line });
    }
  });
  return { issues, links };
}
