/**
 * What every content file is checked for before its own rules: control characters and YAML
 * syntax, as diagnostics; and a YAML file (site config, sidebars, categories, data) validated
 * against its zod schema, through the stage memo.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
import type { StageMemo } from '../incremental/memo.ts';
import type { RuleId } from '../rules.ts';
import { checkCharacters, escapedDiagnostics } from './characters.ts';
import { parseYamlFile } from './frontmatter.ts';
import type { RawFile } from './load.ts';
import { validateWith } from './zod-diagnostics.ts';

/** Control characters anywhere in a file (characters.ts), before its YAML or Markdown is read. */
export function characterDiagnostics(file: RawFile): Diagnostic[] {
  return checkCharacters(file.text).map(({ line, rule, message, hint }) => ({
    file: file.relFile,
    line,
    rule,
    message,
    hint,
  }));
}

export function yamlDiagnostics(file: RawFile, errors: { line: number; message: string }[]): Diagnostic[] {
  return errors.map((e) => ({
    file: file.relFile,
    line: e.line,
    message: `Invalid YAML: ${e.message}`,
    rule: 'yaml-syntax',
    hint: 'Fix the YAML syntax; quote strings that contain ": ", "#", or start with a special character.',
  }));
}

/** A sub-step through the memo when there is one. */
export const throughMemo = <T>(memo: StageMemo | undefined, stage: string, parts: unknown[], compute: () => T): T =>
  memo ? memo.runSync(stage, parts, compute) : compute();

export interface YamlResult<T> {
  value?: T;
  diagnostics: Diagnostic[];
}

/**
 * Parse and validate one YAML file, through the stage memo (key: file and content hash).
 * `extra` adds file-level checks on a valid value.
 */
export function validateYamlFile<T>(
  file: RawFile,
  schema: z.ZodType<T>,
  rule: RuleId,
  memo: StageMemo | undefined,
  extra?: (value: T, lineOf: (p: (string | number)[]) => number) => Diagnostic[],
): YamlResult<T> {
  return throughMemo(memo, 'validate-yaml', [file.relFile, file.hash, rule], (): YamlResult<T> => {
    const characters = characterDiagnostics(file);
    if (characters.length) return { diagnostics: characters };
    const parsed = parseYamlFile(file.text);
    if (parsed.errors.length) return { diagnostics: yamlDiagnostics(file, parsed.errors) };
    const r = validateWith(schema, parsed.data, { file: file.relFile, lineOf: parsed.lineOf, rule });
    const escaped = escapedDiagnostics(file.relFile, parsed.data, parsed.lineOf);
    if (escaped.length) return { diagnostics: [...escaped, ...(r.ok ? [] : r.diagnostics)] };
    return r.ok
      ? { value: r.value, diagnostics: extra ? extra(r.value, parsed.lineOf) : [] }
      : { diagnostics: r.diagnostics };
  });
}
