/**
 * Text fields authors write (titles, descriptions, labels, keywords): visible text,
 * with no control characters. NUL, ESC sequences and the other C0/C1 controls are
 * invisible in an editor but reach the page and the terminal; U+FFFD is what a
 * file that is not valid UTF-8 decodes to; bidirectional overrides can make text
 * read differently from what it is ("Trojan Source").
 */
import { z } from 'zod';

/** Characters no authored text may contain (tab and line breaks excepted). */
export const FORBIDDEN_CHARACTERS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd\u202a-\u202e\u2066-\u2069]/;

/** Names the character for a message: "U+001B (ESC)". */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  const names: Record<number, string> = {
    0: 'NUL',
    7: 'BEL',
    8: 'BS',
    27: 'ESC',
    127: 'DEL',
    65533: 'replacement character: the file is not valid UTF-8',
  };
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return names[code]
    ? `${hex} (${names[code]})`
    : code >= 0x202a
      ? `${hex} (bidirectional override)`
      : `${hex} (control character)`;
}

/**
 * A single-line text field: visible text, not only spaces. (Control characters are
 * refused for the whole file before its fields are read: pipeline/content/characters.ts.)
 */
export const plainText = (min = 1, max?: number) => {
  // Blank text is one mistake: once the visible-text check fails, the length is not
  // reported as well ("" used to give two problems, "too short" and "only spaces").
  const base = z
    .string()
    .regex(/\S/, { message: 'text with visible characters, not only spaces', abort: true })
    .min(min);
  return max ? base.max(max) : base;
};
