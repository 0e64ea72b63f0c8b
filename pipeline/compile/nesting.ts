/**
 * A nesting limit, checked on the raw Markdown before it is parsed. micromark's
 * container parsing grows super-linearly with depth (measured: 400 nested lists
 * take 3 s, 400 nested container directives 7 s, 2,000 never finish), so a
 * hostile or broken page must be refused before the parser sees it.
 * Linear in the body's length: one pass over its lines.
 */

/** Deepest nesting of lists, block quotes and container directives a page may use (docs/errors.md `nesting-limit`). */
export const MAX_NESTING = 24;

export interface NestingProblem { line: number; depth: number; what: string }

const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const DIRECTIVE_OPEN = /^\s*(:{3,})[A-Za-z]/;
const DIRECTIVE_CLOSE = /^\s*(:{3,})\s*$/;

/** The first line where nesting exceeds MAX_NESTING, or undefined. */
export function checkNesting(body: string): NestingProblem | undefined {
  const lines = body.split('\n');
  let directives = 0;
  let fence: string | undefined;
  // Indents of the list items enclosing the current line (a stack of column widths).
  const listIndents: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) { if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined; continue; }
    if (fenceMark) { fence = fenceMark; continue; }

    const quotes = /^[\s>]*/.exec(line)![0].split('>').length - 1;
    if (quotes > MAX_NESTING) return { line: i + 1, depth: quotes, what: 'block quotes' };

    if (DIRECTIVE_OPEN.test(line)) {
      if (++directives > MAX_NESTING) return { line: i + 1, depth: directives, what: 'container directives' };
    } else if (DIRECTIVE_CLOSE.test(line)) directives = Math.max(0, directives - 1);

    const item = LIST_ITEM.exec(line);
    if (item) {
      const indent = item[1].replace(/\t/g, '    ').length;
      while (listIndents.length && listIndents[listIndents.length - 1] >= indent) listIndents.pop();
      listIndents.push(indent);
      if (listIndents.length > MAX_NESTING) return { line: i + 1, depth: listIndents.length, what: 'lists' };
    } else if (line.trim() && !/^\s/.test(line)) listIndents.length = 0;
  }
  return undefined;
}
