/**
 * The problems of a run for machines, beside the terminal's own format (diagnostics.ts):
 * `--format json` is one document on stdout for other tools (schema/check-report.ts), and
 * `--format github` prints GitHub Actions workflow commands, which the runner turns into
 * annotations on the lines of a pull request's diff.
 */
import type { CheckReport } from '../schema/check-report.ts';
import { docsOf, fixOf, sortDiagnostics, type Diagnostic } from './diagnostics.ts';

export const PROBLEM_FORMATS = ['pretty', 'json', 'github'] as const;
export type ProblemFormat = (typeof PROBLEM_FORMATS)[number];

/** What a run ended with: pages when it succeeded, problems in the content, or a failure that is not the content's. */
export interface Outcome {
  pages?: number;
  problems?: Diagnostic[];
  failure?: { line: string; hint: string };
}

export function jsonReport({ pages, problems = [], failure }: Outcome): string {
  const report: CheckReport = {
    version: 1,
    ok: !failure && !problems.length,
    ...(pages !== undefined ? { pages } : {}),
    problems: sortDiagnostics(problems).map((d) => ({
      file: d.file,
      ...(d.line ? { line: d.line } : {}),
      ...(d.column ? { column: d.column } : {}),
      ...(d.field ? { field: d.field } : {}),
      rule: d.rule,
      message: d.message,
      fix: fixOf(d),
      docs: docsOf(d),
    })),
    ...(failure ? { failure: failure.line, ...(failure.hint ? { fix: failure.hint } : {}) } : {}),
  };
  return JSON.stringify(report, null, 2);
}

// Workflow commands end their values at a line break, and their properties at `,` and `:`.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One `::error` command per problem: the file and line it is on, the rule as its title, the fix below the
 * message and the rule's catalogue entry below the fix.
 */
export function githubAnnotations(problems: Diagnostic[]): string {
  return sortDiagnostics(problems)
    .map((d) => {
      const where = [
        `file=${escapeProperty(d.file)}`,
        d.line ? `line=${d.line}` : '',
        d.line && d.column ? `col=${d.column}` : '',
      ].filter(Boolean);
      const title = `paydocs ${d.rule}${d.field ? ` (${d.field})` : ''}`;
      const properties = [...where, `title=${escapeProperty(title)}`].join(',');
      return `::error ${properties}::${escapeData(`${d.message}\n→ ${fixOf(d)}\nsee ${docsOf(d)}`)}`;
    })
    .join('\n');
}
