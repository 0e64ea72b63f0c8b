/**
 * A Markdown twin read as its writer (pipeline/machine/markdown-twin.ts) lays it out: ATX
 * headings only, code in fences. `scanTwin` finds the headings outside code and the code
 * blocks with one regular expression over the text (a twin can be a 1.5 MB changelog: a
 * line-by-line loop in JavaScript is several times slower); `forEachLine` reads a part of it
 * line by line, knowing which lines are code. No Markdown parser: a get_page section and a
 * search snippet need only this much.
 */

/** An ATX heading's line (outside code): one to six `#`, then a space or the end. */
export const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** A line that opens or closes a fence, or an ATX heading's. */
const BLOCK_MARK = /^ {0,3}(?:(`{3,}|~{3,})(.*)|(#{1,6})(?:[ \t].*)?)$/gm;

export interface TwinHeading {
  depth: number;
  /** The heading's whole line. */
  line: string;
  /** Offset of the line's first character in the twin. */
  start: number;
}

/** Fence state: the open fence's marker, fed one fence line after another. */
class Fences {
  open: string | undefined;
  /** Whether the line of `marker` (and `after` it) opens or closes a block; updates the state. */
  step(marker: string, after: string): boolean {
    if (this.open) {
      // A closing fence: the opening's character, at least as long, nothing after it.
      if (marker[0] !== this.open[0] || marker.length < this.open.length || after.trim()) return false;
      this.open = undefined;
      return true;
    }
    if (marker[0] === '`' && after.includes('`')) return false; // a code span, not a fence
    this.open = marker;
    return true;
  }
}

/** The twin's headings outside fenced code, in order, and its code blocks as [start, end) offsets. */
export function scanTwin(markdown: string): { headings: TwinHeading[]; code: [number, number][] } {
  const headings: TwinHeading[] = [];
  const code: [number, number][] = [];
  const fences = new Fences();
  let opened = 0;
  for (const m of markdown.matchAll(BLOCK_MARK)) {
    const [line, marker, after = '', hashes] = m;
    if (marker) {
      const wasOpen = fences.open;
      if (!fences.step(marker, after)) continue;
      if (wasOpen) code.push([opened, m.index + line.length]);
      else opened = m.index;
    } else if (hashes && !fences.open) headings.push({ depth: hashes.length, line, start: m.index });
  }
  if (fences.open) code.push([opened, markdown.length]);
  return { headings, code };
}

export interface TwinLine {
  line: string;
  /** In a fenced code block, or one of its fences. */
  code: boolean;
}

/** Calls `visit` with each line of `markdown` (outside any code block where it starts), in order. */
export function forEachLine(markdown: string, visit: (line: TwinLine) => void): void {
  const fences = new Fences();
  for (let start = 0; start < markdown.length; ) {
    const newline = markdown.indexOf('\n', start);
    const end = newline < 0 ? markdown.length : newline;
    const line = markdown.slice(start, end);
    const fence = FENCE.exec(line);
    const inCode = fences.open !== undefined;
    const isFence = fence ? fences.step(fence[1], fence[2]) : false;
    visit({ line, code: inCode || isFence });
    start = end + 1;
  }
}
