/**
 * Column widths of a reference table, decided at build time from its rows.
 *
 * A browser paints a long table while its rows are still arriving; with automatic
 * table layout each new longer cell re-balances the columns, so the table shifts under
 * the reader (test/browser/layout-shift.test.ts saw 0.04 on /reference/currency_codes),
 * and again on every keystroke of the row filter. With `table-layout: fixed` the widths
 * come from the first row, so they must be known before it. They are worked out here
 * the way automatic layout would share the desktop content column among the columns
 * (each gets its longest word, and the rest of the room in proportion to what its
 * longest cell wants more), as percentages; the widest column takes what is left. The
 * table's minimum width is the sum of the longest words, so on a narrow screen it
 * scrolls sideways rather than breaking words, and no column's share falls below its
 * longest word. Widths are classes, not style attributes, because the CSP allows no
 * inline style: reader/styles/index.css has a `.cw-N` rule (share N %) for every even
 * N, `.cl-N` (at least N ch) and `.tmin-N` (table min-width N ch) for the steps below.
 */

/** Table minimum widths in ch that have a `.tmin-N` rule: 16, 24, … 160. */
export const TABLE_STEPS = Array.from({ length: 19 }, (_, i) => 16 + 8 * i);
/** Column minimum widths in ch that have a `.cl-N` rule: 4, 6, … 32. */
export const COLUMN_LEAST_STEPS = Array.from({ length: 15 }, (_, i) => 4 + 2 * i);

/** The desktop content column in ch of the table's font (814 px at 14.5 px). */
const CONTENT_CH = 88;
/** Room a cell needs besides its text, in ch: 10 px padding on each side and a border. */
const CELL_ROOM = 2.5;
/** `<code>` adds its own padding and border. */
const CODE_ROOM = 1;
/** Average character of body text and of code, in ch (the width of "0"). */
const TEXT_CH = 0.8;
const CODE_CH = 0.85;
/** A cell longer than this wraps anyway: it asks for no more. */
const MAX_CELL_CH = 48;

export interface ColumnInput {
  label: string;
  code?: boolean;
  cells: string[];
}
export interface ColumnWidths {
  columns: (string | undefined)[];
  table: string;
}

const longestWord = (text: string) => text.split(/\s+/).reduce((max, w) => Math.max(max, w.length), 0);

/** What a column needs (its longest word or code) and wants (its longest cell), in ch. */
function measure(column: ColumnInput): { least: number; most: number } {
  const perChar = column.code ? CODE_CH : TEXT_CH;
  const room = CELL_ROOM + (column.code ? CODE_ROOM : 0);
  let word = longestWord(column.label) * TEXT_CH;
  let cell = column.label.length * TEXT_CH;
  for (const text of column.cells) {
    word = Math.max(word, (column.code ? text.length : longestWord(text)) * perChar);
    cell = Math.max(cell, text.length * perChar);
  }
  return { least: word + room, most: Math.min(Math.max(cell, word), MAX_CELL_CH) + room };
}

export function columnWidths(columns: ColumnInput[]): ColumnWidths {
  const sizes = columns.map(measure);
  const least = sizes.reduce((sum, s) => sum + s.least, 0);
  const most = sizes.reduce((sum, s) => sum + s.most, 0);
  // Automatic layout at the desktop width: every column its least, the room left shared
  // in proportion to what each wants beyond it (or everything wanted, when it fits).
  const share = most <= CONTENT_CH || most === least ? 1 : Math.max(0, (CONTENT_CH - least) / (most - least));
  const widths = sizes.map((s) => s.least + (s.most - s.least) * share);
  const total = widths.reduce((sum, w) => sum + w, 0);
  const flex = widths.indexOf(Math.max(...widths));
  const step = (steps: number[], value: number) => steps.find((s) => s >= value) ?? steps[steps.length - 1];
  return {
    columns: widths.map((w, i) =>
      i === flex
        ? undefined
        : `cw-${Math.max(2, 2 * Math.round((50 * w) / total))} cl-${step(COLUMN_LEAST_STEPS, sizes[i].least)}`,
    ),
    table: `tmin-${step(TABLE_STEPS, least)}`,
  };
}
