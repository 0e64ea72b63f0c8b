/**
 * Block structure, checked on the raw Markdown before it is parsed (one pass over
 * its lines):
 * - a nesting limit: micromark's container parsing grows super-linearly with depth
 *   (measured: bench/HISTORY.md, nesting limit), so such a page is refused before the
 *   parser sees it;
 * - unclosed code fences and container directives, which CommonMark silently runs
 *   to the end of the page (swallowing everything after them).
 */

/** Deepest nesting of lists, block quotes and container directives a page may use (docs/errors.md `nesting-limit`). */
export const MAX_NESTING = 24;

export interface StructureProblem {
  line: number;
  rule: 'nesting-limit' | 'unclosed-block';
  message: string;
  hint: string;
  fatal: boolean;
}

const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const DIRECTIVE_OPEN = /^\s*(:{3,})[A-Za-z]/;
const DIRECTIVE_CLOSE = /^\s*(:{3,})\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

export const tooDeep = (line: number, depth: number, what: string, max = MAX_NESTING): StructureProblem => ({
  line,
  rule: 'nesting-limit',
  fatal: true,
  message: `Expected at most ${max} nested ${what}, found ${depth}`,
  hint: 'Flatten the structure: split it into sections, or use a table.',
});

/** Problems of a page body's block structure; lines are 1-based within the body. */
export function checkBlockStructure(body: string): StructureProblem[] {
  const lines = body.split('\n');
  const openDirectives: number[] = [];
  let fence: { mark: string; line: number } | undefined;
  // Indents of the list items enclosing the current line.
  const listIndents: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence) {
      if (
        fenceMark &&
        fenceMark[0] === fence.mark[0] &&
        fenceMark.length >= fence.mark.length &&
        !line.slice(line.indexOf(fenceMark) + fenceMark.length).trim()
      )
        fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = { mark: fenceMark, line: i + 1 };
      continue;
    }

    const quotes = /^[\s>]*/.exec(line)![0].split('>').length - 1;
    if (quotes > MAX_NESTING) return [tooDeep(i + 1, quotes, 'block quotes')];

    if (DIRECTIVE_OPEN.test(line)) {
      openDirectives.push(i + 1);
      if (openDirectives.length > MAX_NESTING) return [tooDeep(i + 1, openDirectives.length, 'container directives')];
    } else if (DIRECTIVE_CLOSE.test(line)) openDirectives.pop();

    const item = LIST_ITEM.exec(line);
    if (item) {
      const indent = item[1].replace(/\t/g, '    ').length;
      while (listIndents.length && listIndents[listIndents.length - 1] >= indent) listIndents.pop();
      listIndents.push(indent);
      if (listIndents.length > MAX_NESTING) return [tooDeep(i + 1, listIndents.length, 'lists')];
    } else if (line.trim() && !/^\s/.test(line)) listIndents.length = 0;
  }
  const problems: StructureProblem[] = [];
  if (fence) {
    // A fence of thousands of backticks is named by its length, not written out.
    const { mark } = fence;
    const long = mark.length > 12,
      marks = mark[0] === '`' ? 'backticks' : 'tildes';
    problems.push({
      line: fence.line,
      rule: 'unclosed-block',
      fatal: false,
      message:
        `Expected a closing ${long ? `fence of ${mark.length} ${marks}` : mark} ` +
        'for the code block opened here, found the end of the page',
      hint: `Close the block with a line of ${long ? `at least as many ${marks}` : mark}.`,
    });
  }
  for (const line of openDirectives)
    problems.push({
      line,
      rule: 'unclosed-block',
      fatal: false,
      message: 'Expected a closing ":::" line for the directive opened here, found the end of the page',
      hint: 'Close each :::name block with a line of as many colons as it opened with.',
    });
  return problems;
}
