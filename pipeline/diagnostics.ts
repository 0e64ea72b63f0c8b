/**
 * Diagnostics: every problem a run finds, with where it is and how to fix it.
 * Stages collect them instead of throwing, so one run reports everything at once.
 */
import pc from 'picocolors';
import path from 'node:path';
import { rules, type RuleId } from './rules.ts';

export interface Diagnostic {
  /** Path of the file at fault, relative to the project root. */
  file: string;
  /** 1-based line, when known. */
  line?: number;
  column?: number;
  /** The frontmatter field or data path at fault, e.g. `api.request[2].example`. */
  field?: string;
  /** "Expected X, found Y" where possible. */
  message: string;
  /** How to fix this occurrence; without one, the rule's own fix is shown. */
  hint?: string;
  /** Stable id of the rule: registered in pipeline/rules.ts, explained in docs/errors.md. */
  rule: RuleId;
}

/** Thrown by stages that cannot continue; carries all diagnostics found so far. */
export class BuildError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} found`);
  }
}

export function relativeFile(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Stable order: by file, then line. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

/** How to fix this occurrence: its own hint, or else its rule's fix. */
export const fixOf = (d: Diagnostic): string => d.hint ?? rules[d.rule].fix;

/** Where its rule is explained: the rule's heading in the error catalogue (pipeline/rules-doc.ts). */
export const docsOf = (d: Diagnostic): string => `docs/errors.md#${d.rule}`;

export function formatDiagnostic(d: Diagnostic, color = true): string {
  const c = color
    ? pc
    : { red: (s: string) => s, dim: (s: string) => s, cyan: (s: string) => s, bold: (s: string) => s };
  const where = `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}`;
  const field = d.field ? ` ${c.bold(d.field)}:` : '';
  let out = `${c.cyan(where)} ${c.red('error')}${field} ${d.message} ${c.dim(`[${d.rule}]`)}`;
  out += `\n  ${c.dim('→')} ${fixOf(d)}`;
  out += `\n  ${c.dim(`see ${docsOf(d)}`)}`;
  return out;
}

export function formatDiagnostics(list: Diagnostic[], color = true): string {
  const sorted = sortDiagnostics(list);
  const lines = sorted.map((d) => formatDiagnostic(d, color));
  const files = new Set(sorted.map((d) => d.file)).size;
  lines.push('', `${list.length} problem${list.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`);
  return lines.join('\n');
}
