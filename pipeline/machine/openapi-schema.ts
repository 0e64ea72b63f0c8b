/**
 * An api-operation field list → JSON Schema 2020-12 (what OpenAPI 3.1 embeds): types,
 * formats, constraints, enums with their meanings, defaults, required flags,
 * descriptions and examples, nested objects and arrays of objects.
 */
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { lifecycleExtensions, lifecycleText } from './lifecycle-text.ts';

export type JsonSchema = { [key: string]: unknown };

/** Formats with a JSON Schema meaning keep their name; the site's own ones (amount, currency…) stay as documented. */
const FORMATS: Partial<Record<NonNullable<ApiField['format']>, string>> = { url: 'uri' };

/** An array without member fields: its item type from the example. */
function itemSchema(example: unknown): JsonSchema {
  const first = Array.isArray(example) ? example[0] : undefined;
  if (typeof first === 'string') return { type: 'string' };
  if (typeof first === 'boolean') return { type: 'boolean' };
  if (typeof first === 'number') return { type: Number.isInteger(first) ? 'integer' : 'number' };
  if (first && typeof first === 'object') return { type: 'object' };
  return {};
}

function enumSchema(values: NonNullable<ApiField['enum']>): JsonSchema {
  return {
    enum: values.map((e) => e.value),
    // Redoc and Scalar show these next to each value.
    'x-enumDescriptions': Object.fromEntries(
      values.map((e) => [String(e.value), [e.description, lifecycleText(e)].filter(Boolean).join(' ')]),
    ),
  };
}

export function fieldSchema(f: ApiField): JsonSchema {
  const s: JsonSchema = { type: f.type, description: f.description };
  if (f.format) s.format = FORMATS[f.format] ?? f.format;
  const c = f.constraints;
  if (c?.min_length !== undefined) s.minLength = c.min_length;
  if (c?.max_length !== undefined) s.maxLength = c.max_length;
  if (c?.minimum !== undefined) s.minimum = c.minimum;
  if (c?.maximum !== undefined) s.maximum = c.maximum;
  if (c?.pattern) s.pattern = c.pattern;
  // An array's enum lists what each item may be: it belongs on `items` (JSON Schema compares the whole array with it).
  if (f.enum && f.type !== 'array') Object.assign(s, enumSchema(f.enum));
  if (f.default !== undefined) s.default = f.default;
  if (f.type === 'object') Object.assign(s, f.fields ? objectSchema(f.fields) : { additionalProperties: true });
  if (f.type === 'array')
    s.items = f.fields
      ? { type: 'object', ...objectSchema(f.fields) }
      : { ...itemSchema(f.example ?? f.enum?.map((e) => e.value)), ...(f.enum ? enumSchema(f.enum) : {}) };
  if (f.example !== undefined) s.examples = [f.example];
  Object.assign(s, lifecycleExtensions(f));
  return s;
}

/** `properties` and `required` of an object whose members are `fields`. */
export function objectSchema(
  fields: ApiField[],
  extra: { name: string; schema: JsonSchema; required: boolean }[] = [],
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const e of extra) {
    properties[e.name] = e.schema;
    if (e.required) required.push(e.name);
  }
  for (const f of fields) {
    properties[f.name] = fieldSchema(f);
    if (f.required) required.push(f.name);
  }
  return required.length ? { properties, required } : { properties };
}
