/**
 * Code samples for one SampleRequest, one printer per language. Each sample is a
 * complete program an integrator can run: it reads the point id and secret key
 * from PAYDOCS_POINT_ID / PAYDOCS_SECRET_KEY, signs exactly what it sends, and
 * prints the response. test/generate/samples.test.ts parses every one it can.
 */
import type { SampleRequest } from './request.ts';
import { DEMO_REQUEST_ID } from './request.ts';

export const SAMPLE_LANGUAGES = ['bash', 'http', 'javascript', 'python', 'php', 'java', 'kotlin'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

const indent = (text: string, by: string) => text.split('\n').map((l, i) => (i ? by + l : l)).join('\n');
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** JSON value → Python literal. */
function py(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1), end = '    '.repeat(level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => pad + py(v, level + 1)).join(',\n')},\n${end}]` : '[]';
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${py(v, level + 1)}`).join(',\n')},\n${end}}` : '{}';
  }
  return JSON.stringify(value);
}

/** JSON value → PHP literal. */
function php(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1), end = '    '.repeat(level);
  const str = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => pad + php(v, level + 1)).join(',\n')},\n${end}]` : '[]';
  const entries = Object.entries(value as object);
  return entries.length ? `[\n${entries.map(([k, v]) => `${pad}${str(k)} => ${php(v, level + 1)}`).join(',\n')},\n${end}]` : 'new stdClass()';
}

const path = (url: string) => new URL(url).pathname + new URL(url).search;
const host = (url: string) => new URL(url).host;

// ── v1 helpers: the form fields with the credentials taken from the environment ──

function v1Fields(req: SampleRequest) {
  return (req.formFields ?? []).filter(([k]) => k !== 'signature');
}

// ── printers ─────────────────────────────────────────────────────────────────

function bash(req: SampleRequest): string {
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
      `# X-Signature: hex HMAC-SHA256 of the exact ${req.jsonBody !== undefined ? 'body' : 'query string'} with your secret key`,
      `SIGNATURE=$(printf '%s' "$${req.jsonBody !== undefined ? 'BODY' : 'QUERY'}" | openssl dgst -sha256 -hmac "$PAYDOCS_SECRET_KEY" | sed 's/^.* //')`,
      '',
    ];
    if (req.jsonBody !== undefined) lines.push(`  --data-raw "$BODY"`);
    else lines[lines.length - 1] = lines[lines.length - 1].replace(/ \\$/, '');
    return [...pre, ...lines].join('\n');
  }
  const fields = v1Fields(req).map(([k, v]) => [k, k === 'point_id' ? '$PAYDOCS_POINT_ID' : v] as [string, string]);
  const base = [...fields].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
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

function http(req: SampleRequest): string {
  const body = req.jsonBody ?? (req.formFields ? new URLSearchParams(req.formFields).toString() : '');
  const lines = [`${req.method} ${path(req.url)} HTTP/1.1`, `Host: ${host(req.url)}`, ...req.headers.map(([k, v]) => `${k}: ${v}`)];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`, '', body);
  return lines.join('\n');
}

function javascript(req: SampleRequest): string {
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
      signed ? `const body = JSON.stringify(${indent(JSON.stringify(req.payload, null, 2), '')});` : `const query = new URLSearchParams(${JSON.stringify(req.payload)}).toString();`,
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
  const fields = v1Fields(req).map(([k, v]) => `  ${/^[a-z_][a-z0-9_]*$/.test(k) ? k : `'${k}'`}: ${k === 'point_id' ? 'POINT_ID' : JSON.stringify(v)},`);
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

function python(req: SampleRequest): string {
  const head = ['import hashlib', 'import hmac', ...(req.version === 'v2' ? ['import json'] : []), 'import os', ...(req.authNames.includes('Idempotency-Key') ? ['import uuid'] : []), '', 'import requests', '', 'POINT_ID = os.environ["PAYDOCS_POINT_ID"]', 'SECRET_KEY = os.environ["PAYDOCS_SECRET_KEY"]', ''];
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
      signed ? 'body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")' : 'query = "&".join(f"{k}={v}" for k, v in payload.items())',
      `signature = hmac.new(SECRET_KEY.encode("utf-8"), ${signed ? 'body' : 'query.encode("utf-8")'}, hashlib.sha256).hexdigest()`,
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
  const fields = v1Fields(req).map(([k, v]) => `    ${JSON.stringify(k)}: ${k === 'point_id' ? 'POINT_ID' : JSON.stringify(v)},`);
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

function phpSample(req: SampleRequest): string {
  const head = ['<?php', '', "$pointId = getenv('PAYDOCS_POINT_ID');", "$secretKey = getenv('PAYDOCS_SECRET_KEY');", ''];
  const tail = ['    CURLOPT_RETURNTRANSFER => true,', ']);', '$response = curl_exec($ch);', '$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);', 'curl_close($ch);', "echo $status, ' ', $response, PHP_EOL;"];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const headers = req.headers.map(([k, v]) => {
      if (k === 'X-Point-Id') return '        "X-Point-Id: $pointId",';
      if (k === 'X-Signature') return '        "X-Signature: $signature",';
      if (k === 'Idempotency-Key') return "        'Idempotency-Key: ' . bin2hex(random_bytes(16)),";
      return `        '${k}: ${v}',`;
    });
    return [
      ...head,
      `$payload = ${php(req.payload)};`,
      signed ? '$body = json_encode($payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);' : '$query = http_build_query($payload);',
      `$signature = hash_hmac('sha256', ${signed ? '$body' : '$query'}, $secretKey);`,
      '',
      signed ? `$ch = curl_init('${req.url}');` : `$ch = curl_init('${req.url.split('?')[0]}?' . $query);`,
      'curl_setopt_array($ch, [',
      `    CURLOPT_CUSTOMREQUEST => '${req.method}',`,
      ...(signed ? ['    CURLOPT_POSTFIELDS => $body,'] : []),
      '    CURLOPT_HTTPHEADER => [',
      ...headers,
      '    ],',
      ...tail,
    ].join('\n');
  }
  const fields = v1Fields(req).map(([k, v]) => `    '${k}' => ${k === 'point_id' ? '$pointId' : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`},`);
  return [
    ...head,
    '$fields = [',
    ...fields,
    '];',
    '// v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    'ksort($fields, SORT_STRING);',
    "$base = implode('&', array_map(fn ($k, $v) => \"$k=$v\", array_keys($fields), $fields));",
    "$fields['signature'] = hash_hmac('sha256', $base, $secretKey);",
    '',
    `$ch = curl_init('${req.url}');`,
    'curl_setopt_array($ch, [',
    '    CURLOPT_POST => true,',
    '    CURLOPT_POSTFIELDS => http_build_query($fields),',
    ...tail,
  ].join('\n');
}

/** Class name for the Java sample from the path: /v2/transaction/create → TransactionCreateExample. */
export function className(url: string): string {
  return new URL(url).pathname.split('/').slice(2).join('_').split(/[_\-/]/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('') + 'Example';
}

function jvmHeaders(req: SampleRequest, lang: 'java' | 'kotlin') {
  return req.headers.map(([k, v]) => {
    if (k === 'X-Point-Id') return `.header("X-Point-Id", pointId)`;
    if (k === 'X-Signature') return `.header("X-Signature", signature)`;
    if (k === 'Idempotency-Key') return `.header("Idempotency-Key", UUID.randomUUID().toString())`;
    return `.header("${k}", "${v}")`;
  }).map((l) => (lang === 'java' ? '            ' : '        ') + l);
}

function java(req: SampleRequest): string {
  const name = className(req.url);
  const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse', 'java.nio.charset.StandardCharsets', 'java.util.HexFormat', ...(req.version === 'v1' ? ['java.net.URLEncoder', 'java.util.Map', 'java.util.TreeMap', 'java.util.stream.Collectors'] : []), ...(req.authNames.includes('Idempotency-Key') ? ['java.util.UUID'] : []), 'javax.crypto.Mac', 'javax.crypto.spec.SecretKeySpec'];
  const sign = (what: string) => [
    '        Mac mac = Mac.getInstance("HmacSHA256");',
    '        mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));',
    `        String signature = HexFormat.of().formatHex(mac.doFinal(${what}.getBytes(StandardCharsets.UTF_8)));`,
  ];
  const open = [...imports.map((i) => `import ${i};`), '', `public class ${name} {`, '    public static void main(String[] args) throws Exception {', '        String pointId = System.getenv("PAYDOCS_POINT_ID");', '        String secretKey = System.getenv("PAYDOCS_SECRET_KEY");'];
  const close = ['        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());', '        System.out.println(response.statusCode() + " " + response.body());', '    }', '}'];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const what = signed ? 'body' : 'query';
    const text = signed ? req.jsonBody! : new URL(req.url).search.slice(1);
    return [
      ...open,
      signed ? `        String body = """\n${indent('            ' + text.replace(/\\/g, '\\\\'), '            ')}""";` : `        String query = ${JSON.stringify(text)};`,
      ...sign(what),
      `        HttpRequest request = HttpRequest.newBuilder(URI.create(${signed ? JSON.stringify(req.url) : `${JSON.stringify(req.url.split('?')[0] + '?')} + query`}))`,
      ...jvmHeaders(req, 'java'),
      `            .method("${req.method}", ${signed ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()'})`,
      '            .build();',
      ...close,
    ].join('\n');
  }
  return [
    ...open,
    '        Map<String, String> fields = new TreeMap<>(); // sorted by name, as the v1 signature needs',
    ...v1Fields(req).map(([k, v]) => `        fields.put(${JSON.stringify(k)}, ${k === 'point_id' ? 'pointId' : JSON.stringify(v)});`),
    '        String base = fields.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&"));',
    ...sign('base'),
    '        fields.put("signature", signature);',
    '        String form = fields.entrySet().stream()',
    '            .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))',
    '            .collect(Collectors.joining("&"));',
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${JSON.stringify(req.url)}))`,
    '            .header("Content-Type", "application/x-www-form-urlencoded")',
    '            .POST(HttpRequest.BodyPublishers.ofString(form))',
    '            .build();',
    ...close,
  ].join('\n');
}

function kotlin(req: SampleRequest): string {
  const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse', ...(req.version === 'v1' ? ['java.net.URLEncoder'] : []), ...(req.authNames.includes('Idempotency-Key') ? ['java.util.UUID'] : []), 'javax.crypto.Mac', 'javax.crypto.spec.SecretKeySpec'];
  const sign = (what: string) => [
    '    val mac = Mac.getInstance("HmacSHA256").apply { init(SecretKeySpec(secretKey.toByteArray(), "HmacSHA256")) }',
    `    val signature = mac.doFinal(${what}.toByteArray()).joinToString("") { "%02x".format(it) }`,
  ];
  const open = [...imports.map((i) => `import ${i}`), '', 'fun main() {', '    val pointId = System.getenv("PAYDOCS_POINT_ID")', '    val secretKey = System.getenv("PAYDOCS_SECRET_KEY")'];
  const close = ['    val response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString())', '    println("${response.statusCode()} ${response.body()}")', '}'];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const text = signed ? req.jsonBody! : new URL(req.url).search.slice(1);
    return [
      ...open,
      signed ? `    val body = """\n${indent('        ' + text.replace(/\$/g, "${'$'}"), '        ')}\n    """.trimIndent()` : `    val query = ${JSON.stringify(text)}`,
      ...sign(signed ? 'body' : 'query'),
      `    val request = HttpRequest.newBuilder(URI.create(${signed ? JSON.stringify(req.url) : `${JSON.stringify(req.url.split('?')[0] + '?')} + query`}))`,
      ...jvmHeaders(req, 'kotlin'),
      `        .method("${req.method}", ${signed ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()'})`,
      '        .build()',
      ...close,
    ].join('\n');
  }
  return [
    ...open,
    '    val fields = sortedMapOf(',
    ...v1Fields(req).map(([k, v]) => `        ${JSON.stringify(k)} to ${k === 'point_id' ? 'pointId' : JSON.stringify(v).replace(/\$/g, '\\$')},`),
    '    )',
    '    // v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    '    val base = fields.entries.joinToString("&") { "${it.key}=${it.value}" }',
    ...sign('base'),
    '    fields["signature"] = signature',
    '    val form = fields.entries.joinToString("&") { URLEncoder.encode(it.key, Charsets.UTF_8) + "=" + URLEncoder.encode(it.value, Charsets.UTF_8) }',
    `    val request = HttpRequest.newBuilder(URI.create(${JSON.stringify(req.url)}))`,
    '        .header("Content-Type", "application/x-www-form-urlencoded")',
    '        .POST(HttpRequest.BodyPublishers.ofString(form))',
    '        .build()',
    ...close,
  ].join('\n');
}

export const printers: Record<SampleLanguage, (req: SampleRequest) => string> = { bash, http, javascript, python, php: phpSample, java, kotlin };

export function generateSamples(req: SampleRequest): { lang: SampleLanguage; code: string }[] {
  return SAMPLE_LANGUAGES.map((lang) => ({ lang, code: printers[lang](req) }));
}
export { DEMO_REQUEST_ID };
