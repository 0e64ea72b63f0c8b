import type { SampleRequest } from '../sample-request.ts';
import { sq, v1Fields } from './shared.ts';

/** cURL: the body signed with openssl, credentials from the environment. */
export function bash(req: SampleRequest): string {
  if (req.version === 'v2') {
    const lines = [`curl -X ${req.method} ${sq(req.url)} \\`];
    for (const [k, v] of req.headers) {
      if (k === 'X-Point-Id') lines.push(`  -H "X-Point-Id: $PAYDOCS_POINT_ID" \\`);
      else if (k === 'X-Signature') lines.push(`  -H "X-Signature: $SIGNATURE" \\`);
      else if (k === 'Idempotency-Key') lines.push(`  -H "Idempotency-Key: $(uuidgen)" \\`);
      else lines.push(`  -H ${sq(`${k}: ${v}`)} \\`);
    }
    const signed = req.jsonBody ?? new URL(req.url).search.slice(1);
    const pre = [
      req.jsonBody !== undefined ? `BODY=${sq(req.jsonBody)}` : `QUERY=${sq(signed)}`,
      '# X-Signature: hex HMAC-SHA256 of the exact ' +
        `${req.jsonBody !== undefined ? 'body' : 'query string'} with your secret key`,
      `SIGNATURE=$(printf '%s' "$${req.jsonBody !== undefined ? 'BODY' : 'QUERY'}" ` +
        `| openssl dgst -sha256 -hmac "$PAYDOCS_SECRET_KEY" | sed 's/^.* //')`,
      '',
    ];
    if (req.jsonBody !== undefined) lines.push(`  --data-raw "$BODY"`);
    else lines[lines.length - 1] = lines[lines.length - 1].replace(/ \\$/, '');
    return [...pre, ...lines].join('\n');
  }
  const fields = v1Fields(req).map(([k, v]) => [k, k === 'point_id' ? '$PAYDOCS_POINT_ID' : v] as [string, string]);
  const base = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return [
    '# v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    `BASE="${base.replace(/"/g, '\\"')}"`,
    `SIGNATURE=$(printf '%s' "$BASE" | openssl dgst -sha256 -hmac "$PAYDOCS_SECRET_KEY" | sed 's/^.* //')`,
    '',
    `curl -X POST ${sq(req.url)} \\`,
    ...fields.map(([k, v]) => `  --data-urlencode "${k}=${v.replace(/"/g, '\\"')}" \\`),
    `  --data-urlencode "signature=$SIGNATURE"`,
  ].join('\n');
}
