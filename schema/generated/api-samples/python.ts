import type { SampleRequest } from '../sample-request.ts';
import { py, v1Fields } from './shared.ts';

/** Python: requests and hmac. */
export function python(req: SampleRequest): string {
  const head = [
    'import hashlib',
    'import hmac',
    ...(req.version === 'v2' ? ['import json'] : []),
    'import os',
    ...(req.authNames.includes('Idempotency-Key') ? ['import uuid'] : []),
    '',
    'import requests',
    '',
    'POINT_ID = os.environ["PAYDOCS_POINT_ID"]',
    'SECRET_KEY = os.environ["PAYDOCS_SECRET_KEY"]',
    '',
  ];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const headers = req.headers.map(([k, v]) => {
      if (k === 'X-Point-Id') return '        "X-Point-Id": POINT_ID,';
      if (k === 'X-Signature') return '        "X-Signature": signature,';
      if (k === 'Idempotency-Key') return '        "Idempotency-Key": str(uuid.uuid4()),';
      return `        ${JSON.stringify(k)}: ${JSON.stringify(v)},`;
    });
    return [
      ...head,
      `payload = ${py(req.payload)}`,
      signed
        ? 'body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")'
        : 'query = "&".join(f"{k}={v}" for k, v in payload.items())',
      'signature = hmac.new(SECRET_KEY.encode("utf-8"), ' +
        `${signed ? 'body' : 'query.encode("utf-8")'}, hashlib.sha256).hexdigest()`,
      '',
      `response = requests.${req.method.toLowerCase()}(`,
      `    ${JSON.stringify(signed ? req.url : req.url.split('?')[0] + '?')}${signed ? '' : ' + query'},`,
      ...(signed ? ['    data=body,'] : []),
      '    headers={',
      ...headers,
      '    },',
      '    timeout=30,',
      ')',
      'print(response.status_code, response.json())',
    ].join('\n');
  }
  const fields = v1Fields(req).map(
    ([k, v]) => `    ${JSON.stringify(k)}: ${k === 'point_id' ? 'POINT_ID' : JSON.stringify(v)},`,
  );
  return [
    ...head,
    'fields = {',
    ...fields,
    '}',
    '# v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    'base = "&".join(f"{name}={fields[name]}" for name in sorted(fields))',
    'fields["signature"] = hmac.new(SECRET_KEY.encode("utf-8"), base.encode("utf-8"), hashlib.sha256).hexdigest()',
    '',
    `response = requests.post(${JSON.stringify(req.url)}, data=fields, timeout=30)`,
    'print(response.status_code, response.json())',
  ].join('\n');
}
