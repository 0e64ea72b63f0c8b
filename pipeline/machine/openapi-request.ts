/**
 * An operation's request in OpenAPI 3.1: its parameters (path, query, header; v2's
 * Idempotency-Key) and its body, JSON for v2 and a form for v1, whose authentication travels in
 * form fields OpenAPI security schemes cannot express.
 */
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { buildRequest } from '../kinds/api-operation/request.ts';
import { fieldSchema, objectSchema, type JsonSchema } from './openapi-schema.ts';
import { exampleKey } from './openapi-responses.ts';
import type { Operation } from './operations.ts';

type Json = { [key: string]: unknown };

export const SIGNATURE_V1 =
  "Form field `signature`: lower-case hex HMAC-SHA256, keyed with the point's secret key, of every other field " +
  'sorted by name (byte order) as `name=value` pairs joined by `&`, not URL-encoded.';

/** Where a request field travels: GET sends its fields in the query, other methods in the body. */
const placeOf = (f: ApiField, method: string) => f.in ?? (method === 'GET' ? 'query' : 'body');

export function parameters(op: Operation): Json[] {
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
        'A UUID v4 per logical request: repeating it with the same body returns the first response; ' +
        'with another body, `idempotency_conflict`.',
      schema: { type: 'string', format: 'uuid' },
    });
  }
  return params;
}

export function requestBody(op: Operation, sandbox: string): Json | undefined {
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
          examples: { [exampleKey(example.summary)]: example },
        },
      },
    };
  }
  const extra = v1AuthFields(api);
  if (!fields.length && !extra.length) return undefined;
  return {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', ...objectSchema(fields, extra) },
        examples: { [exampleKey(example.summary)]: example },
      },
    },
  };
}

/** v1 authenticates with form fields, which OpenAPI security schemes cannot express. */
function v1AuthFields(api: Operation['api']): { name: string; required: boolean; schema: JsonSchema }[] {
  const signed = api.auth === 'signature';
  return [
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
}
