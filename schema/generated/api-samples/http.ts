import type { SampleRequest } from '../sample-request.ts';
import { path, host } from './shared.ts';

/** The raw HTTP request, with the signature computed with the demo key. */
export function http(req: SampleRequest): string {
  const body = req.jsonBody ?? (req.formFields ? new URLSearchParams(req.formFields).toString() : '');
  const lines = [
    `${req.method} ${path(req.url)} HTTP/1.1`,
    `Host: ${host(req.url)}`,
    ...req.headers.map(([k, v]) => `${k}: ${v}`),
  ];
  if (body) lines.push(`Content-Length: ${new TextEncoder().encode(body).length}`, '', body);
  return lines.join('\n');
}
