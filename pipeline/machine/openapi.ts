/**
 * OpenAPI 3.1 documents, one per API, from the api-operation definitions: every
 * operation with its parameters, request body, response fields, examples and error
 * responses (from content/data/api_error_codes.yaml), the signature scheme and the
 * sandbox / production servers from the site config.
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import type { ApiErrorCode } from '../../schema/data.ts';
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { API_TITLES, type ApiId } from '../../schema/machine-docs.ts';
import { buildRequest } from '../kinds/api-operation/request.ts';
import { pageUrl } from './markdown-twin.ts';
import { fieldSchema, objectSchema, type JsonSchema } from './openapi-schema.ts';
import { operationId, operationTag, type Operation } from './operations.ts';
import { lifecycleExtensions } from './lifecycle-text.ts';

export interface OpenApiInput {
  site: Pick<SiteConfig, 'title' | 'url' | 'environments'>;
  errorCodes: ApiErrorCode[];
}

type Json = { [key: string]: unknown };

const SIGNATURE_V2 =
  "Lower-case hex HMAC-SHA256 of the raw request body (POST) or of the query string (GET), keyed with the point's secret key.";
const SIGNATURE_V1 =
  "Form field `signature`: lower-case hex HMAC-SHA256, keyed with the point's secret key, of every other field sorted by name (byte order) as `name=value` pairs joined by `&`, not URL-encoded.";

/** Where a request field travels: GET sends its fields in the query, other methods in the body. */
const placeOf = (f: ApiField, method: string) => f.in ?? (method === 'GET' ? 'query' : 'body');

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'example';

function examplesOf(list: { title: string; description?: string; value: unknown }[]): Json {
  const out: Json = {};
  for (const ex of list) {
    let key = slug(ex.title);
    for (let n = 2; key in out; n++) key = `${slug(ex.title)}-${n}`;
    out[key] = { summary: ex.title, ...(ex.description ? { description: ex.description } : {}), value: ex.value };
  }
  return out;
}

function parameters(op: Operation): Json[] {
  const { api } = op;
  const params: Json[] = api.request
    .filter((f) => placeOf(f, api.method) !== 'body')
    .map((f) => {
      const where = placeOf(f, api.method);
      const { description: _d, ...schema } = fieldSchema(f);
      return {
        name: f.name,
        in: where,
        description: f.description,
        required: where === 'path' || Boolean(f.required),
        schema,
        ...(f.type === 'object' && where === 'query' ? { style: 'deepObject', explode: true } : {}),
      };
    });
  if (api.version === 'v2' && api.idempotent) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'A UUID v4 per logical request: repeating it with the same body returns the first response; with another body, `idempotency_conflict`.',
      schema: { type: 'string', format: 'uuid' },
    });
  }
  return params;
}

function requestBody(op: Operation, sandbox: string): Json | undefined {
  const { api } = op;
  const fields = api.request.filter((f) => placeOf(f, api.method) === 'body');
  if (api.method === 'GET') return undefined;
  const sample = buildRequest(api, sandbox, api.examples[0]!.request);
  // v1 signs with form fields (point_id, request_id, signature): the example carries them as its schema requires.
  const auth = Object.fromEntries((sample.formFields ?? []).filter(([name]) => sample.authNames.includes(name)));
  const example = { summary: api.examples[0]!.title, value: { ...auth, ...sample.payload } };
  if (api.version === 'v2') {
    if (!fields.length) return undefined;
    return {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', ...objectSchema(fields) },
          examples: { [slug(example.summary)]: example },
        },
      },
    };
  }
  // v1 authenticates with form fields, which OpenAPI security schemes cannot express.
  const signed = api.auth === 'signature';
  const extra = [
    ...(signed
      ? [
          {
            name: 'point_id',
            required: true,
            schema: { type: 'string', description: "The point's id from the cabinet." },
          },
        ]
      : []),
    ...(api.idempotent
      ? [
          {
            name: 'request_id',
            required: true,
            schema: {
              type: 'string',
              maxLength: 64,
              description:
                'Idempotency key, unique per point: repeating it with the same fields returns the first response.',
            },
          },
        ]
      : []),
    ...(signed
      ? [
          {
            name: 'signature',
            required: true,
            schema: { type: 'string', pattern: '^[0-9a-f]{64}$', description: SIGNATURE_V1 },
          },
        ]
      : []),
  ];
  if (!fields.length && !extra.length) return undefined;
  return {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', ...objectSchema(fields, extra) },
        examples: { [slug(example.summary)]: example },
      },
    },
  };
}

function responses(op: Operation, codes: Map<string, ApiErrorCode>): Json {
  const { api } = op;
  const out: Json = {};
  const byStatus = new Map<number, Operation['api']['examples']>();
  for (const ex of api.examples) byStatus.set(ex.status, [...(byStatus.get(ex.status) ?? []), ex]);
  const examplesAt = (status: number) =>
    examplesOf(
      (byStatus.get(status) ?? []).map((ex) => ({ title: ex.title, description: ex.description, value: ex.response })),
    );
  const success = api.examples[0]!.status;
  const fields = { type: 'object', ...objectSchema(api.response) };

  if (api.version === 'v1') {
    // v1 answers handled errors with HTTP 200 and `result: error`.
    const errors = api.errors.map((c) => codes.get(c)).filter((e): e is ApiErrorCode => Boolean(e));
    const list = errors.map((e) => `- \`${e.number}\` (${e.code}): ${e.description}`).join('\n');
    for (const status of new Set([success, ...byStatus.keys()])) {
      out[String(status)] = {
        description:
          status === success
            ? `Handled: \`result\` says whether the call succeeded.${list ? `\n\nErrors (\`error_code\`):\n${list}` : ''}`
            : `HTTP ${status}.`,
        content: {
          'application/json': {
            schema:
              status === success
                ? { anyOf: [fields, { $ref: '#/components/schemas/Error' }] }
                : { $ref: '#/components/schemas/Error' },
            examples: examplesAt(status),
          },
        },
      };
    }
    return out;
  }

  out[String(success)] = {
    description: 'Success: the result is in `data`.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['success', 'data'],
          properties: { success: { const: true }, data: fields },
        },
        examples: examplesAt(success),
      },
    },
  };
  const errorStatuses = new Map<number, ApiErrorCode[]>();
  for (const code of api.errors) {
    const e = codes.get(code);
    if (e) errorStatuses.set(e.http_status, [...(errorStatuses.get(e.http_status) ?? []), e]);
  }
  for (const status of byStatus.keys())
    if (status !== success && !errorStatuses.has(status)) errorStatuses.set(status, []);
  for (const [status, list] of [...errorStatuses].sort(([a], [b]) => a - b)) {
    const examples = examplesAt(status);
    out[String(status)] = {
      description: list.length ? list.map((e) => `- \`${e.code}\`: ${e.description}`).join('\n') : `HTTP ${status}.`,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          ...(Object.keys(examples).length ? { examples } : {}),
        },
      },
    };
  }
  return out;
}

function errorSchema(version: 'v1' | 'v2', errorCodes: ApiErrorCode[]): JsonSchema {
  if (version === 'v1') {
    return {
      type: 'object',
      required: ['result', 'error_code', 'error_message'],
      properties: {
        result: { const: 'error' },
        error_code: {
          type: 'integer',
          enum: errorCodes.map((e) => e.number),
          description: 'The numeric code of the error (API error codes, column v1 error_code).',
        },
        error_message: { type: 'string', description: 'English explanation for logs; do not parse it.' },
      },
    };
  }
  return {
    type: 'object',
    required: ['success', 'error'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            enum: errorCodes.map((e) => e.code),
            description: 'Machine-readable code; branch on this.',
          },
          message: { type: 'string', description: 'English explanation for logs; do not parse it.' },
          field: { type: 'string', description: 'The request parameter at fault, as a dotted path.' },
        },
      },
    },
  };
}

export function openApiDocument(id: ApiId, operations: Operation[], input: OpenApiInput): Json {
  const version = id.endsWith('v1') ? 'v1' : 'v2';
  const env = input.site.environments as Record<string, Record<string, string> | undefined>;
  const sandbox = env.sandbox?.api ?? '';
  const codes = new Map(input.errorCodes.map((e) => [e.code, e]));
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    const { api } = op;
    const operation: Json = {
      operationId: operationId(api),
      summary: op.title,
      description: op.description,
      tags: [operationTag(api)],
      externalDocs: { description: 'Reference page', url: pageUrl(input.site.url, op.route) },
      security: api.auth === 'none' || version === 'v1' ? [] : [{ pointId: [], signature: [] }],
      ...lifecycleExtensions(api),
    };
    const params = parameters(op);
    if (params.length) operation.parameters = params;
    const body = requestBody(op, sandbox);
    if (body) operation.requestBody = body;
    operation.responses = responses(op, codes);
    if (version === 'v1' && api.auth === 'signature')
      operation['x-signature'] = {
        in: 'body',
        field: 'signature',
        algorithm: 'HMAC-SHA256',
        description: SIGNATURE_V1,
      };
    paths[api.path] = { ...paths[api.path], [api.method.toLowerCase()]: operation };
  }
  const requestFormat = pageUrl(input.site.url, version === 'v2' ? '/request_format' : '/request_format_v1');
  return {
    openapi: '3.1.0',
    info: {
      title: `${input.site.title} ${API_TITLES[id]}`,
      version,
      description: `Generated from the reference pages at ${input.site.url}. Authentication and signing: ${requestFormat}. Response envelope: ${pageUrl(input.site.url, '/response_format')}.`,
    },
    externalDocs: { description: 'Request format', url: requestFormat },
    servers: [
      ...(env.sandbox?.api ? [{ url: env.sandbox.api, description: 'Sandbox' }] : []),
      ...(env.production?.api ? [{ url: env.production.api, description: 'Production' }] : []),
    ],
    tags: [...new Set(operations.map((o) => operationTag(o.api)))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: errorSchema(version, input.errorCodes) },
      ...(version === 'v2'
        ? {
            securitySchemes: {
              pointId: {
                type: 'apiKey',
                in: 'header',
                name: 'X-Point-Id',
                description: "The point's id from the cabinet.",
              },
              signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: SIGNATURE_V2 },
            },
          }
        : {}),
    },
  };
}

/** Every API's document, keyed by API id. */
export function openApiDocuments(byApi: Map<ApiId, Operation[]>, input: OpenApiInput): Map<ApiId, Json> {
  return new Map([...byApi].map(([id, ops]) => [id, openApiDocument(id, ops, input)]));
}
