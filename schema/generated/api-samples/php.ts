import type { SampleRequest } from '../sample-request.ts';
import { php as phpLiteral, v1Fields } from './shared.ts';

/** PHP: the curl extension and hash_hmac. */
export function php(req: SampleRequest): string {
  const head = [
    '<?php',
    '',
    "$pointId = getenv('PAYDOCS_POINT_ID');",
    "$secretKey = getenv('PAYDOCS_SECRET_KEY');",
    '',
  ];
  const tail = [
    '    CURLOPT_RETURNTRANSFER => true,',
    ']);',
    '$response = curl_exec($ch);',
    '$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);',
    'curl_close($ch);',
    "echo $status, ' ', $response, PHP_EOL;",
  ];
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
      `$payload = ${phpLiteral(req.payload)};`,
      signed
        ? '$body = json_encode($payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);'
        : '$query = http_build_query($payload);',
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
  const fields = v1Fields(req).map(
    ([k, v]) =>
      `    '${k}' => ${k === 'point_id' ? '$pointId' : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`},`,
  );
  return [
    ...head,
    '$fields = [',
    ...fields,
    '];',
    '// v1 signature: every field except signature, sorted by name, name=value joined by &, not URL-encoded',
    'ksort($fields, SORT_STRING);',
    '$base = implode(\'&\', array_map(fn ($k, $v) => "$k=$v", array_keys($fields), $fields));',
    "$fields['signature'] = hash_hmac('sha256', $base, $secretKey);",
    '',
    `$ch = curl_init('${req.url}');`,
    'curl_setopt_array($ch, [',
    '    CURLOPT_POST => true,',
    '    CURLOPT_POSTFIELDS => http_build_query($fields),',
    ...tail,
  ].join('\n');
}
