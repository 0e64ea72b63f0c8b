/**
 * What a search result shows of a page, read from its Markdown twin: the page's description,
 * and the plain text of the section a hit names. A search shows up to ten pages the server
 * may not have read yet; a twin is one file read and a scan of its headings (twin-lines.ts),
 * where the page JSON is a parse and a tree to decode, several times the work for a long
 * reference page (bench/HISTORY.md, "Issue 54: snippets from the twins").
 *
 * The text is for a snippet, not for reading: code blocks, headings and table rules are left
 * out, inline markup is dropped and its words kept.
 */
import { ATX, forEachLine, scanTwin } from './twin-lines.ts';

/** Escaped ASCII punctuation (CommonMark), written back as the character. */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
/** A link or an image: its text (which may hold code spans) stays. */
const LINK = /!?\[((?:[^\]\\`]|\\.|`[^`]*`)*)\]\([^)]*\)/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/** Inline Markdown as its words: code spans kept as they are, links as their text, emphasis and HTML dropped. */
export function plainInline(markdown: string): string {
  return markdown
    .replace(LINK, '$1')
    .split(/(`+)([^`]*?)\1/)
    .map((part, i) => {
      if (i % 3 === 2) return part.trim(); // a code span's content
      if (i % 3 === 1) return ''; // its backticks
      return part
        .replace(/<[^>]*>/g, ' ')
        .replace(/(?<!\\)\*+/g, '')
        .replace(/(?<![\w\\])_+|_+(?!\w)/g, '')
        .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name])
        .replace(ESCAPE, '$1');
    })
    .join('');
}

/** A table row, its first cell captured. */
const TABLE_ROW = /^ *\|([^|\n]*)\|.*$/gm;
const TABLE_RULE = /^ *\|?(?: *:?-+:? *\|)+ *(?::?-+:?)? *$/;
const LIST_OR_QUOTE = /^ *(?:> ?)*(?:[-*+] +|\d+[.)] +)?/;

/** One line of prose or a table row as plain text; '' for a table's rule. */
function plainLine(line: string): string {
  if (TABLE_RULE.test(line)) return '';
  const text = line.trimStart().startsWith('|')
    ? line.replace(/^ *\|/, '').replace(/(?<!\\)\|/g, ' ')
    : line.replace(LIST_OR_QUOTE, '');
  return plainInline(text);
}

/** A heading line's text: its words without the `#`s around them. */
const headingText = (line: string) => normalize(plainInline(line.replace(ATX, '').replace(/[ \t]+#+[ \t]*$/, '')));

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The page's description: the quote under the twin's title (markdown-twin.ts writes it there). */
export function twinDescription(markdown: string): string {
  const quote = /^# [^\n]*\n\n((?:>[^\n]*(?:\n|$))+)/.exec(markdown)?.[1] ?? '';
  return normalize(quote.split('\n').map(plainLine).join(' '));
}

/**
 * What `anchor` names, as the twin's lines (outside code, headings left out): the section
 * under the heading whose text is `title` (the `anchor`'s `-N` suffix picks among headings of
 * the same text), or, for a term a table defines (no heading of that text), the row whose
 * first cell is the term. None when neither is there.
 */
export function twinSectionLines(markdown: string, anchor: string, title: string): string[] {
  const { headings, code } = scanTwin(markdown);
  const wanted = normalize(title);
  // Markup (or an escape) may hide the words from a plain comparison; otherwise they must be there as they are.
  const same = headings.filter(
    (h) => (h.line.includes(wanted) || /[\\&<*_`[]/.test(h.line)) && headingText(h.line) === wanted,
  );
  const suffix = /-(\d+)$/.exec(anchor);
  const ordinal = same.length > 1 && suffix && !wanted.endsWith(suffix[1]) ? Number(suffix[1]) : 0;
  const heading = same[ordinal] ?? same[0];
  if (heading) {
    const next = headings.find((h) => h.start > heading.start && h.depth <= heading.depth)?.start;
    const lines: string[] = [];
    // The section starts outside code (its heading does): its own fences are all there is to follow.
    forEachLine(markdown.slice(heading.start + heading.line.length + 1, next), ({ line, code }) => {
      if (!code && !ATX.test(line)) lines.push(line);
    });
    return lines;
  }
  for (const row of markdown.matchAll(TABLE_ROW)) {
    const first = row[1];
    // Made plain only when it may hold the term: a long table is thousands of rows.
    if (!first.includes(wanted) && !/[\\&<*_]/.test(first)) continue;
    if (normalize(plainInline(first)) === wanted && !code.some(([a, b]) => row.index >= a && row.index < b))
      return [row[0]];
  }
  return [];
}

/**
 * Plain text of `lines` from the line before the first holding one of `marks` (from the first
 * line when none does) to `length` characters past that line's start: enough for a snippet
 * around the first mark, without making every line of a long section plain. `skipped`: lines
 * before it were left out.
 */
export function plainAround(lines: string[], marks: string[], length: number): { text: string; skipped: boolean } {
  const words = marks.map((m) => m.toLowerCase());
  const at = Math.max(
    0,
    lines.findIndex((line) => {
      const lower = line.toLowerCase();
      return words.some((w) => lower.includes(w));
    }),
  );
  const from = Math.max(0, at - 1);
  const parts: string[] = [];
  for (let i = from, after = 0; i < lines.length && after < length; i++) {
    const text = plainLine(lines[i]);
    if (!text) continue;
    parts.push(text);
    if (i >= at) after += text.length + 1;
  }
  return { text: normalize(parts.join(' ')), skipped: from > 0 };
}
