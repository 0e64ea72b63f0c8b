/**
 * The one request an api-operation page documents, derived from its definition:
 * parameter examples (+ the scenario's overrides) and the version's auth rules.
 * Every code sample is printed from this object, so samples cannot drift.
 */
import { createHmac } from 'node:crypto';
import type { ApiField, ApiOperation } from '../../../schema/frontmatter-api.ts';
import type { SampleRequest } from '../../../schema/generated/sample-request.ts';

export type { SampleRequest };

/** Demo credentials shown in samples (sandbox-shaped, not real). */
export const DEMO_POINT_ID = 'pt_7Hq2Lm9Xc4';
export const DEMO_SECRET_KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
export const DEMO_IDEMPOTENCY_KEY = '3f1c2a9e-7b4d-4c1e-9a8f-2d6b5e0c7a41';
export const DEMO_REQUEST_ID = 'req_20250314_000187';

function exampleOf(field: ApiField): unknown {
  if (field.example !== undefined) return field.example;
  if (field.type === 'object' && field.fields)
    return objectFrom(field.fields.filter((f) => f.required || f.example !== undefined));
  if (field.type === 'array' && field.fields)
    return [objectFrom(field.fields.filter((f) => f.required || f.example !== undefined))];
  return field.default;
}

function objectFrom(fields: ApiField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = exampleOf(f);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** Flatten nested values as v1 form fields: customer[email]. */
export function flattenForm(value: Record<string, unknown>, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v && typeof v === 'object') out.push(...flattenForm(v as Record<string, unknown>, key));
    else out.push([key, String(v)]);
  }
  return out;
}

export const hmacHex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** v1 signature base: every field except `signature`, sorted by name (byte order), `name=value` joined by `&`. */
export function v1SignatureBase(fields: [string, string][]): string {
  return fields
    .filter(([k]) => k !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function buildRequest(
  api: ApiOperation,
  baseUrl: string,
  overrides: Record<string, unknown> = {},
): SampleRequest {
  const bodyFields = api.request.filter(
    (f) => (f.in ?? (api.method === 'GET' ? 'query' : 'body')) === (api.method === 'GET' ? 'query' : 'body'),
  );
  const sent = bodyFields.filter((f) => f.required || f.example !== undefined);
  const payload = { ...objectFrom(sent), ...overrides };
  const headers: [string, string][] = [];
  const authNames: string[] = [];
  let url = `${baseUrl}${api.path}`;
  const req: SampleRequest = { method: api.method, version: api.version, url, headers, payload, authNames };

  if (api.version === 'v2') {
    const body = api.method === 'GET' ? '' : JSON.stringify(payload, null, 2);
    const query = api.method === 'GET' ? new URLSearchParams(flattenForm(payload)).toString() : '';
    if (query) url = req.url = `${url}?${query}`;
    headers.push(['Content-Type', 'application/json']);
    if (api.auth === 'signature') {
      req.signature = hmacHex(DEMO_SECRET_KEY, api.method === 'GET' ? query : body);
      headers.push(['X-Point-Id', DEMO_POINT_ID], ['X-Signature', req.signature]);
      authNames.push('X-Point-Id', 'X-Signature');
    }
    if (api.idempotent) {
      headers.push(['Idempotency-Key', DEMO_IDEMPOTENCY_KEY]);
      authNames.push('Idempotency-Key');
    }
    if (body) req.jsonBody = body;
  } else {
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
    const fields: [string, string][] = [];
    if (api.auth === 'signature') {
      fields.push(['point_id', DEMO_POINT_ID]);
      authNames.push('point_id');
    }
    if (api.idempotent) {
      fields.push(['request_id', DEMO_REQUEST_ID]);
      authNames.push('request_id');
    }
    fields.push(...flattenForm(payload));
    if (api.auth === 'signature') {
      req.signature = hmacHex(DEMO_SECRET_KEY, v1SignatureBase(fields));
      fields.push(['signature', req.signature]);
      authNames.push('signature');
    }
    req.formFields = fields;
  }
  return req;
}
