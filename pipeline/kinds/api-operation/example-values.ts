/**
 * A value against the field definition it illustrates: type, enum (an array's: each item's),
 * length and range, pattern, and the members of an object (required ones present, each member
 * checked in turn). The same judgement an OpenAPI linter makes of the document's examples
 * (pipeline/machine/openapi-schema.ts writes these definitions as JSON Schema).
 */
import type { ApiField } from '../../../schema/frontmatter-api.ts';

export interface ValueProblem {
  /** Below the value checked: `['customer', 'email']`, `[1]` for an array's second item. */
  path: (string | number)[];
  /** `enum`: a value outside the field's enum; `schema`: any other contradiction. */
  kind: 'enum' | 'schema';
  message: string;
}

const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

function typeMatches(type: ApiField['type'], v: unknown): boolean {
  if (type === 'string') return typeof v === 'string';
  if (type === 'integer') return Number.isInteger(v);
  if (type === 'number') return typeof v === 'number';
  if (type === 'boolean') return typeof v === 'boolean';
  if (type === 'array') return Array.isArray(v);
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  if (Number.isInteger(v)) return `the integer ${v}`;
  return `${typeof v === 'object' ? 'an object' : `the ${typeof v} ${shown(v)}`}`;
}

function constraintProblems(f: ApiField, v: unknown): string[] {
  const c = f.constraints;
  if (!c) return [];
  const out: string[] = [];
  const size = typeof v === 'string' || Array.isArray(v) ? v.length : undefined;
  const unit = Array.isArray(v) ? 'items' : 'characters';
  if (size !== undefined && c.min_length !== undefined && size < c.min_length)
    out.push(`Expected at least ${c.min_length} ${unit}, found ${size}`);
  if (size !== undefined && c.max_length !== undefined && size > c.max_length)
    out.push(`Expected at most ${c.max_length} ${unit}, found ${size}`);
  if (typeof v === 'number' && c.minimum !== undefined && v < c.minimum)
    out.push(`Expected at least ${c.minimum}, found ${v}`);
  if (typeof v === 'number' && c.maximum !== undefined && v > c.maximum)
    out.push(`Expected at most ${c.maximum}, found ${v}`);
  if (typeof v === 'string' && c.pattern && !safeTest(c.pattern, v))
    out.push(`Expected a value matching ${c.pattern}, found ${shown(v)}`);
  return out;
}

/** A pattern that is no valid regular expression is another rule's concern, not the example's. */
function safeTest(pattern: string, v: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(v);
  } catch {
    return true;
  }
}

/** The members of an object value against `fields`: required ones present, each present one checked. */
export function membersProblems(fields: ApiField[], value: Record<string, unknown>): ValueProblem[] {
  const out: ValueProblem[] = [];
  for (const f of fields) {
    if (value[f.name] === undefined) {
      if (f.required)
        out.push({ path: [], kind: 'schema', message: `Expected the required field "${f.name}", found none` });
      continue;
    }
    for (const p of valueProblems(f, value[f.name])) out.push({ ...p, path: [f.name, ...p.path] });
  }
  return out;
}

/** Every way `value` contradicts the field `f`. */
export function valueProblems(f: ApiField, value: unknown): ValueProblem[] {
  if (!typeMatches(f.type, value))
    return [
      {
        path: [],
        kind: 'schema',
        message: `Expected ${f.type === 'integer' ? 'an' : 'a'} ${f.type}, found ${kindOf(value)}`,
      },
    ];
  const out: ValueProblem[] = constraintProblems(f, value).map((message) => ({ path: [], kind: 'schema', message }));
  const allowed = f.enum?.map((e) => e.value);
  const outside = (v: unknown) => allowed && !allowed.some((a) => a === v);
  const enumMessage = (v: unknown) =>
    `Expected the example to be one of the enum values (${allowed!.join(', ')}), found ${shown(v)}`;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (outside(item)) out.push({ path: [i], kind: 'enum', message: enumMessage(item) });
      if (f.fields && typeMatches('object', item))
        for (const p of membersProblems(f.fields, item as Record<string, unknown>))
          out.push({ ...p, path: [i, ...p.path] });
    });
  } else if (outside(value)) out.push({ path: [], kind: 'enum', message: enumMessage(value) });
  if (f.type === 'object' && f.fields) out.push(...membersProblems(f.fields, value as Record<string, unknown>));
  return out;
}
