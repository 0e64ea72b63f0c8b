import type { SampleRequest } from '../sample-request.ts';

/** Class name for the Java sample from the path: /v2/transaction/create → TransactionCreateExample. */
export function className(url: string): string {
  return (
    new URL(url).pathname
      .split('/')
      .slice(2)
      .join('_')
      .split(/[_\-/]/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join('') + 'Example'
  );
}

export function jvmHeaders(req: SampleRequest, lang: 'java' | 'kotlin') {
  return req.headers
    .map(([k, v]) => {
      if (k === 'X-Point-Id') return `.header("X-Point-Id", pointId)`;
      if (k === 'X-Signature') return `.header("X-Signature", signature)`;
      if (k === 'Idempotency-Key') return `.header("Idempotency-Key", UUID.randomUUID().toString())`;
      return `.header("${k}", "${v}")`;
    })
    .map((l) => (lang === 'java' ? '            ' : '        ') + l);
}
