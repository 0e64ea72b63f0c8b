/**
 * Control characters in a content file — frontmatter, body or YAML (schema/text.ts
 * says which and why): each is named with its file line, once per line. The same
 * characters written as YAML escapes (`"\u0000"`, `"\x1b[31m"`, `"\e"`) are valid bytes in
 * the file but become the characters themselves once parsed: those are named by the
 * value they are in (its field and line), read from the parsed data.
 */
import { FORBIDDEN_CHARACTERS, describeCharacter } from '../../schema/text.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { fieldPath } from './zod-diagnostics.ts';

export interface CharacterProblem {
  line: number;
  rule: 'control-character';
  message: string;
  hint: string;
}

export function checkCharacters(text: string): CharacterProblem[] {
  if (!FORBIDDEN_CHARACTERS.test(text)) return [];
  return text.split('\n').flatMap((text, i) => {
    const found = FORBIDDEN_CHARACTERS.exec(text)?.[0];
    return found
      ? [
          {
            line: i + 1,
            rule: 'control-character' as const,
            message: `Expected text without control characters, found ${describeCharacter(found)}`,
            hint:
              'Delete the invisible character (a NUL or ESC byte pasted from a ' +
              'terminal, or a file saved in another encoding: save it as UTF-8).',
          },
        ]
      : [];
  });
}

/** A control character a YAML escape put into a parsed value (or key), with the path to that value. */
export interface EscapedCharacter {
  path: (string | number)[];
  message: string;
  hint: string;
}

const ALL_FORBIDDEN = new RegExp(FORBIDDEN_CHARACTERS.source, 'g');
const escapeOf = (char: string) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;

/**
 * Every string (and key) of parsed YAML that holds a forbidden character: written as an escape,
 * since raw ones are refused first.
 */
export function checkEscapedCharacters(value: unknown, path: (string | number)[] = []): EscapedCharacter[] {
  const found = (text: string, at: (string | number)[], what: string): EscapedCharacter[] => {
    const char = FORBIDDEN_CHARACTERS.exec(text)?.[0];
    if (!char) return [];
    return [
      {
        path: at,
        message:
          `Expected ${what} without control characters, found ` +
          `${describeCharacter(char)}, written as a YAML escape ("${escapeOf(char)}")`,
        hint:
          'Delete the escape: in a double-quoted YAML string, \\u…, ' +
          '\\x… and \\e… become the invisible character itself.',
      },
    ];
  };
  if (typeof value === 'string') return found(value, path, 'text');
  if (Array.isArray(value)) return value.flatMap((v, i) => checkEscapedCharacters(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...found(k, [...path, k], 'a key'),
      ...checkEscapedCharacters(v, [...path, k]),
    ]);
  return [];
}

/** Control characters YAML escapes put into parsed values, as diagnostics with their field and line. */
export function escapedDiagnostics(
  file: string,
  data: unknown,
  lineOf: (path: (string | number)[]) => number,
): Diagnostic[] {
  return checkEscapedCharacters(data).map(({ path, message, hint }) => ({
    file,
    line: lineOf(path),
    // A key with the character is shown with its escape: the terminal would act on the character itself.
    field: fieldPath(path.map((p) => (typeof p === 'string' ? p.replace(ALL_FORBIDDEN, escapeOf) : p))) || undefined,
    rule: 'control-character',
    message,
    hint,
  }));
}
