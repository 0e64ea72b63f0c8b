/**
 * Inline Markdown in short strings the generators place in tables (field and enum
 * descriptions, error resolutions, data-file cells): `code`, **bold** and
 * [links](/route). Plain strings stay plain text. Built as hast directly — no HTML
 * is parsed, so nothing here needs sanitizing; link targets are limited to site
 * routes, anchors and http(s) URLs, and reported for the link check.
 */
import type { ElementContent } from 'hast';

const TOKEN = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\]]+\]\([^)\s]+\))/g;
const SAFE_HREF = /^(\/|#|https?:\/\/)/;

export function inline(text: string, onLink?: (url: string) => void): ElementContent[] {
  if (!/[`*[]/.test(text)) return [{ type: 'text', value: text }];
  const out: ElementContent[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index! > last) out.push({ type: 'text', value: text.slice(last, m.index) });
    const token = m[0];
    if (m[1])
      out.push({
        type: 'element',
        tagName: 'code',
        properties: {},
        children: [{ type: 'text', value: token.slice(1, -1) }],
      });
    else if (m[2])
      out.push({
        type: 'element',
        tagName: 'strong',
        properties: {},
        children: [{ type: 'text', value: token.slice(2, -2) }],
      });
    else {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token)!;
      if (SAFE_HREF.test(link[2])) {
        onLink?.(link[2]);
        out.push({ type: 'element', tagName: 'a', properties: { href: link[2] }, children: inline(link[1]) });
      } else out.push({ type: 'text', value: link[1] });
    }
    last = m.index! + token.length;
  }
  if (last < text.length) out.push({ type: 'text', value: text.slice(last) });
  return out;
}
