/**
 * One section of a page's Markdown twin: from the heading the page tree names (its depth,
 * text and which of the same it is) to the next heading as high or higher. The twin is
 * parsed (mdast-util-from-markdown), so a `#` line inside a code block is no heading.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import type { Heading } from 'mdast';
import { visit } from 'unist-util-visit';

interface TwinHeading {
  depth: number;
  text: string;
  start: number;
}

function headingsOf(markdown: string): TwinHeading[] {
  const out: TwinHeading[] = [];
  visit(fromMarkdown(markdown), 'heading', (node: Heading) => {
    out.push({ depth: node.depth, text: toString(node).trim(), start: node.position!.start.offset! });
  });
  return out;
}

/** The twin's Markdown of the section, or undefined when the twin has no such heading. */
export function twinSection(
  markdown: string,
  heading: { depth: number; text: string },
  ordinal: number,
): string | undefined {
  const headings = headingsOf(markdown);
  const same = headings.filter((h) => h.depth === heading.depth && h.text === heading.text);
  const found = same[ordinal] ?? same[0];
  if (!found) return undefined;
  const next = headings.find((h) => h.start > found.start && h.depth <= found.depth);
  return markdown.slice(found.start, next?.start ?? markdown.length).trimEnd();
}
