import type { SampleRequest } from '../sample-request.ts';
import { indent, v1Fields } from './shared.ts';
import { className, jvmHeaders } from './jvm.ts';

/** Java 17: java.net.http and javax.crypto; one class per call. */
export function java(req: SampleRequest): string {
  const name = className(req.url);
  const imports = [
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
    'java.nio.charset.StandardCharsets',
    'java.util.HexFormat',
    ...(req.version === 'v1'
      ? ['java.net.URLEncoder', 'java.util.Map', 'java.util.TreeMap', 'java.util.stream.Collectors']
      : []),
    ...(req.authNames.includes('Idempotency-Key') ? ['java.util.UUID'] : []),
    'javax.crypto.Mac',
    'javax.crypto.spec.SecretKeySpec',
  ];
  const sign = (what: string) => [
    '        Mac mac = Mac.getInstance("HmacSHA256");',
    '        mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));',
    `        String signature = HexFormat.of().formatHex(mac.doFinal(${what}.getBytes(StandardCharsets.UTF_8)));`,
  ];
  const open = [
    ...imports.map((i) => `import ${i};`),
    '',
    `public class ${name} {`,
    '    public static void main(String[] args) throws Exception {',
    '        String pointId = System.getenv("PAYDOCS_POINT_ID");',
    '        String secretKey = System.getenv("PAYDOCS_SECRET_KEY");',
  ];
  const close = [
    '        HttpResponse<String> response = ' +
      'HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode() + " " + response.body());',
    '    }',
    '}',
  ];
  if (req.version === 'v2') {
    const signed = req.jsonBody !== undefined;
    const what = signed ? 'body' : 'query';
    const text = signed ? req.jsonBody! : new URL(req.url).search.slice(1);
    return [
      ...open,
      signed
        ? `        String body = """\n${indent('            ' + text.replace(/\\/g, '\\\\'), '            ')}""";`
        : `        String query = ${JSON.stringify(text)};`,
      ...sign(what),
      '        HttpRequest request = HttpRequest.newBuilder(URI.create(' +
        `${signed ? JSON.stringify(req.url) : `${JSON.stringify(req.url.split('?')[0] + '?')} + query`}))`,
      ...jvmHeaders(req, 'java'),
      `            .method("${req.method}", ` +
        `${signed ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()'})`,
      '            .build();',
      ...close,
    ].join('\n');
  }
  return [
    ...open,
    '        Map<String, String> fields = new TreeMap<>(); // sorted by name, as the v1 signature needs',
    ...v1Fields(req).map(
      ([k, v]) => `        fields.put(${JSON.stringify(k)}, ${k === 'point_id' ? 'pointId' : JSON.stringify(v)});`,
    ),
    '        String base = fields.entrySet().stream().map(e -> ' +
      'e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&"));',
    ...sign('base'),
    '        fields.put("signature", signature);',
    '        String form = fields.entrySet().stream()',
    '            .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) ' +
      '+ "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))',
    '            .collect(Collectors.joining("&"));',
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${JSON.stringify(req.url)}))`,
    '            .header("Content-Type", "application/x-www-form-urlencoded")',
    '            .POST(HttpRequest.BodyPublishers.ofString(form))',
    '            .build();',
    ...close,
  ].join('\n');
}
