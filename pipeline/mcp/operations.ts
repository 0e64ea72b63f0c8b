/**
 * The API operations of a built site, from its OpenAPI 3.1 documents (dist/openapi/<id>.json:
 * the full definitions, which page JSON keeps only a summary of), and their fields flattened
 * to dotted paths (`customer.email`, `items[].amount`) for an assistant to read.
 */
import { API_IDS, openApiPath, type ApiId } from '../../schema/machine-docs.ts';
import { didYouMean, nearest, quoted, ToolError } from './results.ts';
import type { Site } from './site.ts';

// OpenAPI documents are read loosely, field by field, with checks where it matters.
// biome-ignore lint/suspicious/noExplicitAny: documents of any shape, read field by field
type Json = Record<string, any>;

export interface OperationRef {
  api: ApiId;
  version: 'v1' | 'v2';
  method: string;
  path: string;
  /** `transaction/create`: the path without its version. */
  name: string;
  operationId: string;
  route: string;
  op: Json;
  doc: Json;
}

export interface Field {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description?: string;
  enum?: string[];
  format?: string;
  pattern?: string;
  default?: unknown;
  example?: unknown;
  deprecated?: boolean;
}

/** Every operation of the site's APIs (those with a document in dist). */
export async function operationsOf(site: Site): Promise<OperationRef[]> {
  const out: OperationRef[] = [];
  for (const api of API_IDS) {
    const doc = await site.json<Json>(openApiPath(api)).catch(() => undefined);
    if (!doc) continue;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        const url = String(op.externalDocs?.url ?? '');
        out.push({
          api,
          version: doc.info.version,
          method: method.toUpperCase(),
          path,
          name: path.replace(/^\/v[12]\//, ''),
          operationId: op.operationId,
          route: url.startsWith(site.origin) ? url.slice(site.origin.length) : url,
          op,
          doc,
        });
      }
    }
  }
  return out;
}

/** The input as a name: `POST /v2/transaction/create`, a URL, a route or `transaction_create` → candidates' keys. */
const keyOf = (value: string) =>
  value
    .trim()
    .replace(/^(GET|POST|PUT|PATCH|DELETE)\s+/i, '')
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();

/**
 * The operation `nameOrPath` names (v2 when both versions have it and none is asked); ToolError
 * with the nearest names.
 */
export function findOperation(all: OperationRef[], nameOrPath: string, version?: 'v1' | 'v2'): OperationRef {
  const key = keyOf(nameOrPath);
  const matches = all.filter(
    (o) =>
      o.path.toLowerCase() === key ||
      o.route.toLowerCase() === key ||
      o.name.toLowerCase() === key.replace(/^\//, '') ||
      o.operationId.toLowerCase() === key,
  );
  const versioned = version ? matches.filter((o) => o.version === version) : matches;
  const found = versioned.find((o) => o.version === 'v2') ?? versioned[0];
  if (found) return found;
  if (matches.length)
    throw new ToolError(
      `${quoted(nameOrPath)} has no ${version} operation; it exists ` +
        `in ${[...new Set(matches.map((o) => o.version))].join(', ')}.`,
    );
  const names = [...new Set(all.map((o) => o.name))];
  throw new ToolError(
    `No API operation is named ${quoted(nameOrPath)}. Expected a name such as "transaction/create", a path such as ` +
      '"/v2/transaction/create" or a route such as ' +
      `"/api/v2/transaction/create".${didYouMean(nearest(key.replace(/^\/(v[12]\/)?/, ''), names))}`,
  );
}

const resolve = (doc: Json, schema: Json | undefined): Json => {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 8; i++)
    s = String(s.$ref)
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: Json, k) => o?.[k], doc);
  return s ?? {};
};

function typeOf(doc: Json, s: Json): string {
  if (s.const !== undefined) return `constant ${JSON.stringify(s.const)}`;
  if (s.type === 'array') return `array of ${typeOf(doc, resolve(doc, s.items))}`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return s.type ?? (s.anyOf || s.oneOf ? 'one of several shapes' : 'any');
}

function fieldOf(doc: Json, name: string, where: string, s: Json, required: boolean): Field {
  return {
    name,
    in: where,
    type: typeOf(doc, s),
    required,
    ...(s.description ? { description: s.description } : {}),
    ...(s.enum ? { enum: s.enum.map(String) } : {}),
    ...(s.format ? { format: s.format } : {}),
    ...(s.pattern ? { pattern: s.pattern } : {}),
    ...(s.default !== undefined ? { default: s.default } : {}),
    ...(s.examples?.length ? { example: s.examples[0] } : {}),
    ...(s.deprecated ? { deprecated: true } : {}),
  };
}

/** An object schema's fields, nested ones as dotted paths; the first shape of an anyOf/oneOf (a v1 success). */
export function flatten(doc: Json, schema: Json | undefined, where: string, prefix = '', out: Field[] = []): Field[] {
  let s = resolve(doc, schema);
  if (!s.properties && (s.anyOf || s.oneOf)) s = resolve(doc, (s.anyOf ?? s.oneOf)[0]);
  const required = new Set<string>(s.required ?? []);
  for (const [key, raw] of Object.entries((s.properties ?? {}) as Json)) {
    const child = resolve(doc, raw);
    const name = prefix ? `${prefix}.${key}` : key;
    out.push(fieldOf(doc, name, where, child, required.has(key)));
    if (child.properties || child.anyOf || child.oneOf) flatten(doc, child, where, name, out);
    else if (child.type === 'array' && resolve(doc, child.items).properties)
      flatten(doc, child.items, where, `${name}[]`, out);
  }
  return out;
}

/** The request's fields: parameters (query, path, header) and the body's fields. */
export function requestFields(o: OperationRef): Field[] {
  const params = ((o.op.parameters ?? []) as Json[]).map((p) =>
    fieldOf(o.doc, p.name, p.in, { ...resolve(o.doc, p.schema), description: p.description }, Boolean(p.required)),
  );
  const content = Object.values((o.op.requestBody?.content ?? {}) as Json)[0] as Json | undefined;
  return [...params, ...(content ? flatten(o.doc, content.schema, 'body') : [])];
}

/** The fields of the success response. */
export function responseFields(o: OperationRef): Field[] {
  const ok = o.op.responses?.['200'] ?? o.op.responses?.['201'];
  const content = Object.values((ok?.content ?? {}) as Json)[0] as Json | undefined;
  return content ? flatten(o.doc, content.schema, 'response') : [];
}
