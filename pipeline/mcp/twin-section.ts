/**
 * One section of a page's Markdown twin: from the heading the page tree names (its depth,
 * text and which of the same it is) to the next heading as high or higher. The headings
 * outside fenced code come from twin-lines.ts; each heading line is parsed alone
 * (mdast-util-from-markdown) for its text. Parsing the whole twin instead took ~30–40 ms for a
 * long page (measured: bench/HISTORY.md, paydocs mcp).
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { scanTwin } from './twin-lines.ts';

interface TwinHeading {
  depth: number;
  text: string;
  start: number;
}

/** A heading of plain words, whose text is its line's (no parse needed): no markup, escape, entity or closing `#`. */
const PLAIN = /^ {0,3}(#{1,6})[ \t]+([A-Za-z0-9 ,.:;'"()/?=+-]*)$/;

/** The twin's headings in order, with the offset of the line each starts. */
export function headingsOf(markdown: string): TwinHeading[] {
  const out: TwinHeading[] = [];
  for (const { line, start } of scanTwin(markdown).headings) {
    const plain = PLAIN.exec(line);
    const node = plain ? undefined : fromMarkdown(line).children[0];
    if (plain) out.push({ depth: plain[1].length, text: plain[2].trim(), start });
    else if (node?.type === 'heading') out.push({ depth: node.depth, text: toString(node).trim(), start });
  }
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
