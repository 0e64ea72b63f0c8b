/**
 * An operation's responses in OpenAPI 3.1: success and error statuses with their examples and
 * the error codes each status carries (content/data/api_error_codes.yaml), and each API's
 * error envelope. v1 answers handled errors with HTTP 200 and `result: error`; v2 with the
 * error code's own status.
 */
import type { ApiErrorCode } from '../../schema/data.ts';
import { objectSchema, type JsonSchema } from './openapi-schema.ts';
import type { Operation } from './operations.ts';

type Json = { [key: string]: unknown };
type Examples = Operation['api']['examples'];

/** An example's key in an OpenAPI `examples` map: its title, lower-case and hyphenated. */
export const exampleKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'example';

function examplesOf(list: { title: string; description?: string; value: unknown }[]): Json {
  const out: Json = {};
  for (const ex of list) {
    let key = exampleKey(ex.title);
    for (let n = 2; key in out; n++) key = `${exampleKey(ex.title)}-${n}`;
    out[key] = { summary: ex.title, ...(ex.description ? { description: ex.description } : {}), value: ex.value };
  }
  return out;
}

export function responses(op: Operation, codes: Map<string, ApiErrorCode>): Json {
  const { api } = op;
  const byStatus = new Map<number, Examples>();
  for (const ex of api.examples) byStatus.set(ex.status, [...(byStatus.get(ex.status) ?? []), ex]);
  const examplesAt = (status: number) =>
    examplesOf(
      (byStatus.get(status) ?? []).map((ex) => ({ title: ex.title, description: ex.description, value: ex.response })),
    );
  const success = api.examples[0]!.status;
  const fields = { type: 'object', ...objectSchema(api.response) };
  return api.version === 'v1'
    ? v1Responses(op, codes, { byStatus, examplesAt, success, fields })
    : v2Responses(op, codes, { byStatus, examplesAt, success, fields });
}

/** An operation's examples by status, the success status and the result's schema. */
interface ResponseParts {
  byStatus: Map<number, Examples>;
  examplesAt: (status: number) => Json;
  success: number;
  fields: JsonSchema;
}

/** v1 answers handled errors with HTTP 200 and `result: error`. */
function v1Responses(
  { api }: Operation,
  codes: Map<string, ApiErrorCode>,
  { byStatus, examplesAt, success, fields }: ResponseParts,
): Json {
  const out: Json = {};
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

/** v2 answers an error with its code's HTTP status; each status lists the codes it carries. */
function v2Responses(
  { api }: Operation,
  codes: Map<string, ApiErrorCode>,
  { byStatus, examplesAt, success, fields }: ResponseParts,
): Json {
  const out: Json = {};
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

export function errorSchema(version: 'v1' | 'v2', errorCodes: ApiErrorCode[]): JsonSchema {
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
