/**
 * OpenAPI 3.1 documents, one per API, from the api-operation definitions: every
 * operation with its parameters and request body (openapi-request.ts), response fields,
 * examples and error responses (openapi-responses.ts, from content/data/api_error_codes.yaml),
 * the signature scheme and the sandbox / production servers from the site config.
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import type { ApiErrorCode } from '../../schema/data.ts';
import { API_TITLES, type ApiId } from '../../schema/machine-docs.ts';
import { pageUrl } from './markdown-twin.ts';
import { operationId, operationTag, type Operation } from './operations.ts';
import { lifecycleExtensions } from './lifecycle-text.ts';
import { parameters, requestBody, SIGNATURE_V1 } from './openapi-request.ts';
import { errorSchema, responses } from './openapi-responses.ts';

export interface OpenApiInput {
  site: Pick<SiteConfig, 'title' | 'url' | 'environments'>;
  errorCodes: ApiErrorCode[];
}

type Json = { [key: string]: unknown };

const SIGNATURE_V2 =
  'Lower-case hex HMAC-SHA256 of the raw request body (POST) or of the query string (GET), ' +
  "keyed with the point's secret key.";

export function openApiDocument(id: ApiId, operations: Operation[], input: OpenApiInput): Json {
  const version = id.endsWith('v1') ? 'v1' : 'v2';
  const env = input.site.environments as Record<string, Record<string, string> | undefined>;
  const sandbox = env.sandbox?.api ?? '';
  const codes = new Map(input.errorCodes.map((e) => [e.code, e]));
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    const operation = operationObject(op, version, { siteUrl: input.site.url, sandbox, codes });
    paths[op.api.path] = { ...paths[op.api.path], [op.api.method.toLowerCase()]: operation };
  }
  const requestFormat = pageUrl(input.site.url, version === 'v2' ? '/request_format' : '/request_format_v1');
  return {
    openapi: '3.1.0',
    info: {
      title: `${input.site.title} ${API_TITLES[id]}`,
      version,
      description:
        `Generated from the reference pages at ${input.site.url}. Authentication and signing: ${requestFormat}. ` +
        `Response envelope: ${pageUrl(input.site.url, '/response_format')}.`,
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

/** One operation of a path: what it is, where it is documented, its request, its responses. */
function operationObject(
  op: Operation,
  version: 'v1' | 'v2',
  { siteUrl, sandbox, codes }: { siteUrl: string; sandbox: string; codes: Map<string, ApiErrorCode> },
): Json {
  const { api } = op;
  const operation: Json = {
    operationId: operationId(api),
    summary: op.title,
    description: op.description,
    tags: [operationTag(api)],
    externalDocs: { description: 'Reference page', url: pageUrl(siteUrl, op.route) },
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
  return operation;
}

/** Every API's document, keyed by API id. */
export function openApiDocuments(byApi: Map<ApiId, Operation[]>, input: OpenApiInput): Map<ApiId, Json> {
  return new Map([...byApi].map(([id, ops]) => [id, openApiDocument(id, ops, input)]));
}
