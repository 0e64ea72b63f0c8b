import type { SampleRequest } from '../sample-request.ts';
import { indent, v1Fields } from './shared.ts';

/** Node 18+: fetch and node:crypto. */
export function javascript(req: SampleRequest): string {
  const head = [
    `import { createHmac${req.authNames.includes('Idempotency-Key') ? ', randomUUID' : ''} } from 'node:crypto';`,
    '',
    'const POINT_ID = process.env.PAYDOCS_POINT_ID;',
    'const SECRET_KEY = process.env.PAYDOCS_SECRET_KEY;',
    '',
  ];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const headers = req.headers.map(([k, v]) => {
      if (k === 'X-Point-Id') return `    'X-Point-Id': POINT_ID,`;
      if (k === 'X-Signature') return `    'X-Signature': signature,`;
      if (k === 'Idempotency-Key') return `    'Idempotency-Key': randomUUID(),`;
      return `    '${k}': '${v}',`;
    });
    const url = signed ? `'${req.url}'` : '`' + req.url.split('?')[0] + '?${query}`';
    return [
      ...head,
      signed
        ? `const body = JSON.stringify(${indent(JSON.stringify(req.payload, null, 2), '')});`
        : `const query = new URLSearchParams(${JSON.stringify(req.payload)}).toString();`,
      `const signature = createHmac('sha256', SECRET_KEY).update(${signed ? 'body' : 'query'}).digest('hex');`,
      '',
      `const response = await fetch(${url}, {`,
      `  method: '${req.method}',`,
      '  headers: {',
      ...headers,
      '  },',
      ...(signed ? ['  body,'] : []),
      '});',
      'console.log(response.status, await response.json());',
    ].join('\n');
  }
  const fields = v1Fields(req).map(
    ([k, v]) =>
      `  ${/^[a-z_][a-z0-9_]*$/.test(k) ? k : `'${k}'`}: ${k === 'point_id' ? 'POINT_ID' : JSON.stringify(v)},`,
  );
  return [
    ...head,
    'const fields = {',
    ...fields,
    '};',
    '// v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    "const base = Object.keys(fields).sort().map((name) => `${name}=${fields[name]}`).join('&');",
    "fields.signature = createHmac('sha256', SECRET_KEY).update(base).digest('hex');",
    '',
    `const response = await fetch('${req.url}', {`,
    "  method: 'POST',",
    "  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },",
    '  body: new URLSearchParams(fields),',
    '});',
    'console.log(response.status, await response.json());',
  ].join('\n');
}
