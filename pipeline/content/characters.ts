/**
 * Control characters in a content file — frontmatter, body or YAML (schema/text.ts
 * says which and why): each is named with its file line, once per line.
 */
import { FORBIDDEN_CHARACTERS, describeCharacter } from '../../schema/text.ts';

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
            hint: 'Delete the invisible character (a NUL or ESC byte pasted from a terminal, or a file saved in another encoding: save it as UTF-8).',
          },
        ]
      : [];
  });
}
