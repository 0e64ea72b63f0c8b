/**
 * The round-trip check of a Markdown twin: the page's visible text (hast-util-to-text,
 * one line per block) must appear in the twin, in order, once the twin is parsed back
 * with remark (GFM) and both sides are reduced to letters and digits — so Markdown
 * escapes, table pipes and whitespace cannot hide a lost or garbled word. GFM without its
 * literal autolinks (a third of the parse): a bare URL made a link keeps its text as it was.
 */
import { toText } from 'hast-util-to-text';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { remarkGfmWithoutLiterals } from '../../pipeline/compile/literal-autolinks.ts';
import { eachNode } from '../../pipeline/compile/each-node.ts';
import type { Root as HastRoot } from 'hast';
import type { Nodes, Root } from 'mdast';

export const squeeze = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '');

const parser = unified().use(remarkParse).use(remarkGfmWithoutLiterals);

/** The twin's reading text: text, inline code and code (with its title), no raw HTML. */
export function twinText(markdown: string): string {
  const tree = parser.parse(markdown) as Root;
  const out: string[] = [];
  eachNode<Nodes>(tree, (node) => {
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
