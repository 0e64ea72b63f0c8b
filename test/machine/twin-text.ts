/**
 * The round-trip check of a Markdown twin: the page's visible text (hast-util-to-text,
 * one line per block) must appear in the twin, in order, once the twin is parsed back
 * with remark (GFM) and both sides are reduced to letters and digits — so Markdown
 * escapes, table pipes and whitespace cannot hide a lost or garbled word.
 */
import { toText } from 'hast-util-to-text';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';

export const squeeze = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '');

/** The twin's reading text: text, inline code and code (with its title), no raw HTML. */
export function twinText(markdown: string): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const out: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'text' || node.type === 'inlineCode') out.push(node.value);
    if (node.type === 'code') out.push(`${/title="([^"]*)"/.exec(node.meta ?? '')?.[1] ?? ''}\n${node.value}`);
  });
  return out.join(' ');
}

/** Lines of the page's visible text that the twin misses (in order), and how much extra text the twin has. */
export function compareTwin(ast: unknown, markdown: string): { missing: string[]; extra: number } {
  const lines = toText(ast as HastRoot)
    .split('\n')
    .map(squeeze)
    .filter(Boolean);
  const twin = squeeze(twinText(markdown));
  const missing: string[] = [];
  let at = 0;
  let found = 0;
  for (const line of lines) {
    const i = twin.indexOf(line, at);
    if (i < 0) {
      missing.push(line);
      continue;
    }
    at = i + line.length;
    found += line.length;
  }
  return { missing, extra: twin.length - found };
}
