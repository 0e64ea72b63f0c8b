/**
 * Postman collections (format v2.1), one per API: a folder per path group, one request per
 * operation with the documented example, and a collection-level pre-request script that
 * signs each request into the `{{signature}}` variable (v2: the `X-Signature` header over
 * the raw body or query; v1: the `signature` form field over the sorted fields).
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import { API_TITLES, type ApiId } from '../../schema/machine-docs.ts';
import { buildRequest, flattenForm } from '../kinds/api-operation/request.ts';
import { operationLifecycleText } from './lifecycle-text.ts';
import { pageUrl } from './markdown-twin.ts';
import { operationTag, type Operation } from './operations.ts';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

type Json = { [key: string]: unknown };

/** Runs in Postman's sandbox (CryptoJS and pm are its globals) before every request. */
const SIGN_SCRIPT = [
  '// Fill in the collection variables point_id and secret_key (sandbox credentials from the cabinet).',
  "const secret = pm.collectionVariables.get('secret_key') || '';",
  "pm.variables.set('idempotency_key', pm.variables.replaceIn('{{$guid}}'));",
  "pm.variables.set('request_id', pm.variables.replaceIn('{{$guid}}'));",
  "let base = '';",
  "if (pm.request.body && pm.request.body.mode === 'urlencoded') {",
  '  // API v1: every field except signature, sorted by name (byte order), name=value joined by &, not URL-encoded.',
  '  const fields = pm.request.body.urlencoded.all().filter((p) => !p.disabled ' +
    "&& p.key !== 'signature').map((p) => [p.key, pm.variables.replaceIn(p.value)]);",
  '  fields.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
  "  base = fields.map((f) => f[0] + '=' + f[1]).join('&');",
  "} else if (pm.request.method === 'GET') {",
  '  // API v2 GET: the query string as sent.',
  '  base = pm.variables.replaceIn(pm.request.url.getQueryString());',
  "} else if (pm.request.body && pm.request.body.mode === 'raw') {",
  '  // API v2: the exact body bytes.',
  '  base = pm.variables.replaceIn(pm.request.body.raw);',
  '}',
  "pm.variables.set('signature', CryptoJS.HmacSHA256(base, secret).toString(CryptoJS.enc.Hex));",
];

function requestItem(op: Operation, siteUrl: string): Json {
  const { api } = op;
  const sample = buildRequest(api, '{{baseUrl}}', api.examples[0]?.request);
  const signed = api.auth === 'signature';
  const header: Json[] = [];
  const query = api.method === 'GET' ? flattenForm(sample.payload ?? {}).map(([key, value]) => ({ key, value })) : [];
  const url: Json = {
    raw: `{{baseUrl}}${api.path}${query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`,
    host: ['{{baseUrl}}'],
    path: api.path.split('/').filter(Boolean),
    ...(query.length ? { query } : {}),
  };
  let body: Json | undefined;
  if (api.version === 'v2') {
    header.push({ key: 'Content-Type', value: 'application/json' });
    if (signed)
      header.push({ key: 'X-Point-Id', value: '{{point_id}}' }, { key: 'X-Signature', value: '{{signature}}' });
    if (api.idempotent) header.push({ key: 'Idempotency-Key', value: '{{idempotency_key}}' });
    if (sample.jsonBody) body = { mode: 'raw', raw: sample.jsonBody, options: { raw: { language: 'json' } } };
  } else {
    header.push({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    const fields = flattenForm(sample.payload ?? {}).map(([key, value]) => ({ key, value, type: 'text' }));
    body = {
      mode: 'urlencoded',
      urlencoded: [
        ...(signed ? [{ key: 'point_id', value: '{{point_id}}', type: 'text' }] : []),
        ...(api.idempotent ? [{ key: 'request_id', value: '{{request_id}}', type: 'text' }] : []),
        ...fields,
        ...(signed ? [{ key: 'signature', value: '{{signature}}', type: 'text' }] : []),
      ],
    };
  }
  return {
    name: op.title,
    request: {
      method: api.method,
      header,
      url,
      ...(body ? { body } : {}),
      description: [op.description, operationLifecycleText(api), `Reference: ${pageUrl(siteUrl, op.route)}`]
        .filter(Boolean)
        .join('\n\n'),
    },
    response: [],
  };
}

export function postmanCollection(
  id: ApiId,
  operations: Operation[],
  site: Pick<SiteConfig, 'title' | 'url' | 'environments'>,
): Json {
  const env = site.environments as Record<string, Record<string, string> | undefined>;
  const sandbox = env.sandbox?.api ?? '';
  const folders = new Map<string, Json[]>();
  for (const op of operations) {
    const item = requestItem(op, site.url);
    const tag = operationTag(op.api);
    folders.set(tag, [...(folders.get(tag) ?? []), item]);
  }
  return {
    info: {
      name: `${site.title} ${API_TITLES[id]}`,
      description:
        `Every ${API_TITLES[id]} operation documented at ${site.url}, with its documented example. ` +
        "Set point_id and secret_key; the collection's pre-request script signs each request.",
      schema: POSTMAN_SCHEMA,
    },
    event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: SIGN_SCRIPT } }],
    variable: [
      { key: 'baseUrl', value: sandbox, description: `Sandbox; production is ${env.production?.api ?? ''}` },
      { key: 'point_id', value: '' },
      { key: 'secret_key', value: '' },
    ],
    item: [...folders].sort(([a], [b]) => a.localeCompare(b)).map(([name, item]) => ({ name, item })),
  };
}

/** Every API's collection, keyed by API id. */
export function postmanCollections(
  byApi: Map<ApiId, Operation[]>,
  site: Pick<SiteConfig, 'title' | 'url' | 'environments'>,
): Map<ApiId, Json> {
  return new Map([...byApi].map(([id, ops]) => [id, postmanCollection(id, ops, site)]));
}
