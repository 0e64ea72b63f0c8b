import type { SampleRequest } from '../sample-request.ts';
import { indent, v1Fields } from './shared.ts';
import { jvmHeaders } from './jvm.ts';

/** Kotlin on the JVM: java.net.http and javax.crypto. */
export function kotlin(req: SampleRequest): string {
  const imports = [
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
    ...(req.version === 'v1' ? ['java.net.URLEncoder'] : []),
    ...(req.authNames.includes('Idempotency-Key') ? ['java.util.UUID'] : []),
    'javax.crypto.Mac',
    'javax.crypto.spec.SecretKeySpec',
  ];
  const sign = (what: string) => [
    '    val mac = Mac.getInstance("HmacSHA256").apply { init(SecretKeySpec(secretKey.toByteArray(), "HmacSHA256")) }',
    `    val signature = mac.doFinal(${what}.toByteArray()).joinToString("") { "%02x".format(it) }`,
  ];
  const open = [
    ...imports.map((i) => `import ${i}`),
    '',
    'fun main() {',
    '    val pointId = System.getenv("PAYDOCS_POINT_ID")',
    '    val secretKey = System.getenv("PAYDOCS_SECRET_KEY")',
  ];
  const close = [
    '    val response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString())',
    '    println("${response.statusCode()} ${response.body()}")',
    '}',
  ];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const text = signed ? req.jsonBody! : new URL(req.url).search.slice(1);
    return [
      ...open,
      signed
        ? `    val body = """\n${indent('        ' + text.replace(/\$/g, "${'$'}"), '        ')}\n    """.trimIndent()`
        : `    val query = ${JSON.stringify(text)}`,
      ...sign(signed ? 'body' : 'query'),
      '    val request = HttpRequest.newBuilder(URI.create(' +
        `${signed ? JSON.stringify(req.url) : `${JSON.stringify(req.url.split('?')[0] + '?')} + query`}))`,
      ...jvmHeaders(req, 'kotlin'),
      `        .method("${req.method}", ` +
        `${signed ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()'})`,
      '        .build()',
      ...close,
    ].join('\n');
  }
  return [
    ...open,
    '    val fields = sortedMapOf(',
    ...v1Fields(req).map(
      ([k, v]) =>
        `        ${JSON.stringify(k)} to ${k === 'point_id' ? 'pointId' : JSON.stringify(v).replace(/\$/g, '\\$')},`,
    ),
    '    )',
    '    // v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    '    val base = fields.entries.joinToString("&") { "${it.key}=${it.value}" }',
    ...sign('base'),
    '    fields["signature"] = signature',
    '    val form = fields.entries.joinToString("&") { URLEncoder.encode(it.key, ' +
      'Charsets.UTF_8) + "=" + URLEncoder.encode(it.value, Charsets.UTF_8) }',
    `    val request = HttpRequest.newBuilder(URI.create(${JSON.stringify(req.url)}))`,
    '        .header("Content-Type", "application/x-www-form-urlencoded")',
    '        .POST(HttpRequest.BodyPublishers.ofString(form))',
    '        .build()',
    ...close,
  ].join('\n');
}
