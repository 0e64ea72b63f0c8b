/**
 * mdast-util-to-markdown's `text` handler (and `inlineCode`'s, below) with a shortcut: a text that nothing in it or
 * around it can turn into syntax is written as it is, without `safe()` (which runs every
 * unsafe pattern's regular expression over it: a large share of writing the twins, most of
 * it for plain prose; measured: bench/HISTORY.md, plain text in twins). Anything else goes
 * to the library's own handler, so the Markdown is the
 * same byte for byte (test/machine/plain-text.test.ts checks it on tricky texts, and the
 * site's twins were compared whole).
 *
 * Why the shortcut is safe — the library escapes a character only where one of its unsafe
 * patterns (mdast-util-to-markdown's lib/unsafe.js, and GFM's) matches at it:
 * - the characters allowed have patterns only in constructs a text never sits in (`'`
 *   and `"` in link titles), none at all (`, ; / ? %`, letters, digits and every character
 *   past ASCII: each unsafe pattern is of an ASCII character, so dashes, arrows, `·`, `✓` and
 *   other scripts' marks need no escape; they were two texts in three that the shortcut
 *   missed), or the ones checked here:
 *   - a space before or after a line ending (so: no trailing space before one);
 *   - `( ) - : .` at the start of a line, after digits or alone ("1." "-" ": -"): a text
 *     that follows a line ending must start with a letter (within a text there is none);
 *   - `(` right after `]` (a link); `.` between `w`/`W` and a word character, and `:`
 *     before `/` (GFM autolink literals);
 * - inside an autolink the library percent-encodes instead: not shortcut.
 */
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';

/** ASCII letters, digits and the punctuation above, or any character past ASCII. */
const ALLOWED = /^[A-Za-z0-9 ,;/?%'"():.\u0080-\u{10FFFF}-]+$/u;
const LINE_ENDING = /[\r\n]/;

/** Whether `safe()` would give `value` back as it is, between `before` and `after`. */
export function isPlainText(value: string, before: string, after: string): boolean {
  if (!ALLOWED.test(value)) return false;
  if (LINE_ENDING.test(before) && !/^\p{L}/u.test(value)) return false;
  if (value.endsWith(' ') && LINE_ENDING.test(after)) return false;
  if (value.startsWith('(') && before.endsWith(']')) return false;
  for (let i = value.indexOf('.'); i !== -1; i = value.indexOf('.', i + 1)) {
    const previous = i ? value[i - 1] : before.at(-1);
    if ((previous === 'w' || previous === 'W') && /[-.\w]/.test(value[i + 1] ?? after[0] ?? '')) return false;
  }
  for (let i = value.indexOf(':'); i !== -1; i = value.indexOf(':', i + 1))
    if ((value[i + 1] ?? after[0]) === '/') return false;
  return true;
}

/**
 * Inline code with no backtick, line ending or pipe, and not space-padded on both sides:
 * the library would write it between single backticks as it is (it lengthens the fence for
 * backticks, pads for edge spaces, turns line endings that could start a block into spaces,
 * and GFM escapes pipes in table cells). Anything else goes to `library`, GFM's handler.
 */
const PLAIN_CODE = /^[^`\r\n|]*$/;

export function plainInlineCodeHandler(library: Handle): Handle {
  const handle: Handle = (node, parent, state, info) => {
    const value: string = node.value;
    return PLAIN_CODE.test(value) && !(value.startsWith(' ') && value.endsWith(' '))
      ? `\`${value}\``
      : library(node, parent, state, info);
  };
  // What the next node starts with, asked of every inline code's handler by the text before it.
  return Object.assign(handle, { peek: () => '`' });
}

export const plainTextHandler: Handle = (node, parent, state, info) => {
  if (
    state.stack.at(-1) === 'phrasing' &&
    !state.stack.includes('autolink') &&
    isPlainText(node.value, info.before ?? '', info.after ?? '')
  )
    return node.value;
  return defaultHandlers.text(node, parent, state, info);
};
