/**
 * Stage (paydocs diff): an OpenAPI document as paydocs writes it (pipeline/machine/openapi.ts) →
 * its operations, each with a flat map of fields: `request.<name>` for parameters and body fields,
 * `response.<name>` for the success response's fields (v2: below `data`; v1: the handled answer),
 * nested members dotted (`response.customer.email`, also for arrays of objects).
 */
import type { OpenApiDocument } from './read-build.ts';

type Schema = { [key: string]: unknown };

export interface FieldShape {
  type: string;
  required: boolean;
  /** The allowed values (an array's: of its items), when the field has an enum. */
  enum?: (string | number | boolean)[];
}

export interface OperationShape {
  /** The operation page's route, from the document's reference link. */
  route: string;
  /** `POST /v2/transaction/create`. */
  method: string;
  fields: Map<string, FieldShape>;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const typeOf = (s: Schema): string =>
  Array.isArray(s.type) ? s.type.join('|') : typeof s.type === 'string' ? s.type : 'any';

function enumOf(s: Schema): FieldShape['enum'] {
  const items = s.items as Schema | undefined;
  const values = (s.type === 'array' ? items?.enum : s.enum) ?? s.enum;
  return Array.isArray(values) ? (values as FieldShape['enum']) : undefined;
}

/** Every property of an object schema (and of its array items' objects), dotted below `prefix`. */
function addProperties(out: Map<string, FieldShape>, schema: Schema | undefined, prefix: string): void {
  if (!schema) return;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  for (const [name, s] of Object.entries(properties)) {
    const key = `${prefix}.${name}`;
    out.set(key, { type: typeOf(s), required: required.has(name), ...(enumOf(s) ? { enum: enumOf(s) } : {}) });
    if (s.type === 'object') addProperties(out, s, key);
    if (s.type === 'array') addProperties(out, s.items as Schema | undefined, key);
  }
}

/** The schema of the first 2xx response's fields: v2 `data`, v1 the first branch of its `anyOf`. */
function successSchema(op: Schema): Schema | undefined {
  const responses = (op.responses ?? {}) as Record<string, Schema>;
  const status = Object.keys(responses)
    .filter((s) => /^2/.test(s))
    .sort()[0];
  const content = status ? (responses[status]!.content as Record<string, Schema> | undefined) : undefined;
  const schema = content?.['application/json']?.schema as Schema | undefined;
  if (!schema) return undefined;
  if (Array.isArray(schema.anyOf)) return schema.anyOf[0] as Schema;
  return ((schema.properties as Record<string, Schema> | undefined)?.data ?? schema) as Schema;
}

function operationFields(op: Schema): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  for (const p of (op.parameters ?? []) as Schema[]) {
    const s = (p.schema ?? {}) as Schema;
    const key = `request.${String(p.name)}`;
    fields.set(key, { type: typeOf(s), required: Boolean(p.required), ...(enumOf(s) ? { enum: enumOf(s) } : {}) });
    if (s.type === 'object') addProperties(fields, s, key);
  }
  const body = (op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined;
  for (const media of Object.values(body ?? {})) addProperties(fields, media.schema as Schema, 'request');
  addProperties(fields, successSchema(op), 'response');
  return fields;
}

/** The page an operation is documented on: the path of its `externalDocs` link. */
function routeOf(op: Schema, fallback: string): string {
  const url = (op.externalDocs as { url?: string } | undefined)?.url;
  try {
    return url ? new URL(url).pathname : fallback;
  } catch {
    return fallback;
  }
}

/** The operations of a document, keyed by `METHOD path`. */
export function apiSurface(doc: OpenApiDocument): Map<string, OperationShape> {
  const out = new Map<string, OperationShape>();
  for (const [p, item] of Object.entries(doc.paths ?? {}))
    for (const [verb, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(verb)) continue;
      const method = `${verb.toUpperCase()} ${p}`;
      out.set(method, { route: routeOf(op as Schema, p), method, fields: operationFields(op as Schema) });
    }
  return out;
}
