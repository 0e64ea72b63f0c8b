/**
 * Turn zod issues into diagnostics a content author can act on:
 * the field path, "Expected X, found Y", and the valid choices where there are some.
 * (Starlight's error-map.ts is the model.)
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
import type { RuleId } from '../rules.ts';

type Issue = z.core.$ZodIssue & { input?: unknown };

export function fieldPath(path: PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value} ${String(value)}`;
}

/** A string input's length as the messages print it (0 for none). */
const lengthOf = (input: unknown) => String((input as string)?.length ?? 0);

function message(issue: Issue): { message: string; hint?: string } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined)
        return { message: `Expected ${issue.expected}, found nothing (the field is required)` };
      return { message: `Expected ${issue.expected}, found ${describe(issue.input)}` };
    case 'invalid_value':
      return {
        message:
          `Expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, ` +
          `found ${describe(issue.input)}`,
      };
    case 'invalid_format': {
      const wanted = issue.message && !issue.message.startsWith('Invalid') ? issue.message : issue.format;
      return { message: `Expected ${wanted}, found ${describe(issue.input)}` };
    }
    case 'too_small':
      if (issue.origin === 'array')
        return {
          message:
            `Expected at least ${issue.minimum} item(s), found ` +
            `${Array.isArray(issue.input) ? issue.input.length : describe(issue.input)}`,
        };
      if (issue.origin === 'string')
        return {
          message: `Expected at least ${issue.minimum} character(s), found ${lengthOf(issue.input)}`,
        };
      return { message: `Expected a value of at least ${issue.minimum}, found ${describe(issue.input)}` };
    case 'too_big':
      if (issue.origin === 'string')
        return {
          message: `Expected at most ${issue.maximum} characters, found ${lengthOf(issue.input)}`,
        };
      return { message: `Expected at most ${issue.maximum}, found ${describe(issue.input)}` };
    case 'unrecognized_keys':
      return {
        message: `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
        hint:
          'Check the spelling against docs/authoring.md; a comma inside ' +
          'a { … } YAML mapping splits a value into a new key — quote it.',
      };
    case 'invalid_union': {
      if ((issue as { note?: string }).note === 'No matching discriminator') {
        return {
          message:
            'Expected "kind" to be one of doc, api-operation, payment-method, payment-group, ' +
            `reference-table, found ${describe(issue.input && (issue.input as Record<string, unknown>).kind)}`,
        };
      }
      return { message: issue.message || 'Expected one of several shapes, found none that fits' };
    }
    default:
      return { message: issue.message };
  }
}

/**
 * Validate `data` against `schema`, returning the parsed value or diagnostics.
 * `lineOf` maps a field path to its line in the file.
 */
export function validateWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
  where: { file: string; lineOf: (path: (string | number)[]) => number; rule: RuleId; prefix?: (string | number)[] },
): { ok: true; value: z.output<S> } | { ok: false; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const diagnostics = flatten(result.error.issues as Issue[]).map((issue) => {
    const path = [...(where.prefix ?? []), ...(issue.path as (string | number)[])];
    const keyPath = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]] : path;
    return {
      file: where.file,
      line: where.lineOf(keyPath),
      field: fieldPath(keyPath) || undefined,
      rule: where.rule,
      ...message(issue),
    } satisfies Diagnostic;
  });
  return { ok: false, diagnostics };
}

/** For unions of objects, report the branch that got furthest rather than "invalid input". */
function flatten(issues: Issue[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (
      issue.code === 'invalid_union' &&
      issue.errors?.length &&
      (issue as { note?: string }).note !== 'No matching discriminator'
    ) {
      const branches = issue.errors.map((branch) =>
        flatten(branch as Issue[]).map((i) => ({ ...i, path: [...issue.path, ...i.path] })),
      );
      // Prefer the branch whose issues sit deepest (it matched the most structure).
      branches.sort((a, b) => depth(b) - depth(a) || a.length - b.length);
      out.push(...(branches[0] ?? [issue]));
    } else out.push(issue);
  }
  return out;
}
const depth = (list: Issue[]) => Math.max(0, ...list.map((i) => i.path.length));
