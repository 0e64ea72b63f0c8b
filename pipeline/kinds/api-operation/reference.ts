/**
 * api-operation → hast: endpoint, authentication, parameter and response tables,
 * error table (from content/data/api_error_codes.yaml) and code tabs, all from the
 * page's one definition. Appended after the page's prose. The error table and the code
 * samples are generated content (schema/generated/): the page JSON carries their data.
 */
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import type { ApiField, ApiOperation } from '../../../schema/frontmatter-api.ts';
import type { CompileContext } from '../../compile/context.ts';
import type { CompileTools } from '../types.ts';
import { codeBlock } from '../../compile/code.ts';
import { buildRequest, DEMO_SECRET_KEY } from './request.ts';
import { generate } from '../../../schema/generated/index.ts';
import { inline } from '../../../schema/inline.ts';
import { badger, type Badger } from './badges.ts';

function typeLabel(f: ApiField): string {
  if (f.type === 'array' && f.fields) return 'array of objects';
  return f.format ? `${f.type} (${f.format})` : f.type;
}

function constraintsText(f: ApiField): string[] {
  const c = f.constraints ?? {};
  const out: string[] = [];
  if (c.min_length !== undefined && c.max_length !== undefined) out.push(`${c.min_length}–${c.max_length} characters`);
  else if (c.max_length !== undefined) out.push(`up to ${c.max_length} characters`);
  else if (c.min_length !== undefined) out.push(`at least ${c.min_length} characters`);
  if (c.minimum !== undefined) out.push(`minimum ${c.minimum}`);
  if (c.maximum !== undefined) out.push(`maximum ${c.maximum}`);
  if (c.pattern) out.push(`pattern ${c.pattern}`);
  if (f.default !== undefined) out.push(`default ${JSON.stringify(f.default)}`);
  return out;
}

function fieldRows(
  fields: ApiField[],
  isRequest: boolean,
  onLink: (url: string) => void,
  lifecycle: Badger,
  prefix = '',
  depth = 0,
): Element[] {
  const rows: Element[] = [];
  for (const f of fields) {
    const name = prefix + f.name;
    const details: (ElementContent | string)[] = [h('span', inline(f.description, onLink)), ...lifecycle.note(f)];
    const constraints = constraintsText(f);
    if (constraints.length) details.push(h('span.field-constraints', constraints.join('; ')));
    if (f.enum)
      details.push(
        h(
          'ul.field-enum',
          f.enum.map((e) =>
            h('li', [
              h('code', String(e.value)),
              ...lifecycle.badges(e),
              ' — ',
              ...inline(e.description, onLink),
              ...lifecycle.note(e),
            ]),
          ),
        ),
      );
    if (f.example !== undefined && typeof f.example !== 'object')
      details.push(h('span.field-example', ['Example: ', h('code', String(f.example))]));
    rows.push(
      h('tr', { dataDepth: String(depth) }, [
        h('td', [h('code.field-name', name), ...lifecycle.badges(f)]),
        h('td', typeLabel(f)),
        ...(isRequest
          ? [
              h(
                'td',
                f.required ? h('span.badge.badge-required', 'required') : h('span.badge.badge-optional', 'optional'),
              ),
            ]
          : []),
        h('td', details),
      ]),
    );
    if (f.fields)
      rows.push(
        ...fieldRows(f.fields, isRequest, onLink, lifecycle, `${name}${f.type === 'array' ? '[]' : ''}.`, depth + 1),
      );
  }
  return rows;
}

function fieldTable(fields: ApiField[], isRequest: boolean, onLink: (url: string) => void, lifecycle: Badger): Element {
  return h(
    'div.table-wrap',
    h('table.api-fields', [
      h(
        'thead',
        h('tr', [
          h('th', 'Name'),
          h('th', 'Type'),
          ...(isRequest ? [h('th', 'Required')] : []),
          h('th', 'Description'),
        ]),
      ),
      h('tbody', fieldRows(fields, isRequest, onLink, lifecycle)),
    ]),
  );
}

function tabs(group: string, panels: { label: string; block: Element; before?: Element }[]): Element {
  return h(
    'div.tabs',
    { dataGroup: group },
    panels.map((p) => h('div.tab-panel', { dataLabel: p.label }, p.before ? [p.before, p.block] : [p.block])),
  );
}

export function apiReference(
  api: ApiOperation,
  ctx: CompileContext,
  { uniqueId: id, onLink }: CompileTools,
): Element[] {
  const env = ctx.config.environments as Record<string, Record<string, string>>;
  const sandbox = env.sandbox?.api ?? '';
  const production = env.production?.api ?? '';
  const out: Element[] = [];
  const heading = (text: string, slug: string) => h('h2', { id: id(slug) }, text);
  const lifecycle = badger(ctx.data.releases, onLink);

  out.push(
    h('div.api-endpoint', [
      h(`span.method-badge.method-${api.method.toLowerCase()}`, api.method),
      h('code.api-path', api.path),
      h('span.badge.badge-version', `API ${api.version}`),
      ...lifecycle.badges(api),
    ]),
  );
  const deprecation = lifecycle.note(api);
  if (deprecation.length) out.push(h('p.api-deprecation', deprecation));
  out.push(
    h(
      'div.table-wrap',
      h('table.api-hosts', [
        h('thead', h('tr', [h('th', 'Environment'), h('th', 'URL')])),
        h('tbody', [
          h('tr', [h('td', 'Sandbox'), h('td', h('code', `${sandbox}${api.path}`))]),
          h('tr', [h('td', 'Production'), h('td', h('code', `${production}${api.path}`))]),
        ]),
      ]),
    ),
  );

  out.push(heading('Authentication', 'authentication'));
  const authText: (ElementContent | string)[] =
    api.auth === 'none'
      ? ['This call needs no signature.']
      : api.version === 'v2'
        ? [
            'Send ',
            h('code', 'X-Point-Id'),
            ' and ',
            h('code', 'X-Signature'),
            " (lower-case hex HMAC-SHA256 of the raw body with the point's secret key)",
            api.idempotent
              ? [
                  ', and an ',
                  h('code', 'Idempotency-Key'),
                  ' (UUID v4) — repeating the same key with the same body returns the first response',
                ]
              : [],
            '. See ',
            h('a', { href: '/request_format' }, 'API v2 request format'),
            '.',
          ].flat()
        : [
            'Send ',
            h('code', 'point_id'),
            ' and ',
            h('code', 'signature'),
            ' form fields (HMAC-SHA256 over the sorted ',
            h('code', 'name=value'),
            ' pairs)',
            api.idempotent ? [' and a unique ', h('code', 'request_id')] : [],
            '. See ',
            h('a', { href: '/request_format_v1' }, 'API v1 request format'),
            '.',
          ].flat();
  out.push(h('p', authText));

  out.push(heading('Request parameters', 'request-parameters'));
  if (api.request.length) out.push(fieldTable(api.request, true, onLink, lifecycle));
  else out.push(h('p', 'This call takes no parameters besides authentication.'));

  out.push(heading('Response fields', 'response-fields'));
  out.push(
    h(
      'p',
      api.version === 'v2'
        ? [
            'Inside ',
            h('code', 'data'),
            ' of a successful response (',
            h('a', { href: '/response_format' }, 'response format'),
            ').',
          ]
        : [
            'At the top level of a response with ',
            h('code', 'result'),
            ' ',
            h('code', 'success'),
            ' (',
            h('a', { href: '/response_format' }, 'response format'),
            ').',
          ],
    ),
  );
  out.push(fieldTable(api.response, false, onLink, lifecycle));

  if (api.errors.length) {
    out.push(heading('Errors', 'errors'));
    out.push(
      generate(
        { generated: 'api-errors', from: { version: api.version, codes: api.errors } },
        { apiErrors: ctx.data.api_error_codes },
        onLink,
      ),
    );
  }

  out.push(heading('Code samples', 'code-samples'));
  const request = buildRequest(api, sandbox, api.examples[0]?.request);
  out.push(
    h('p', [
      'Every sample sends the same request to the sandbox. The HTTP tab shows the signature computed with the demo key ',
      h('code', DEMO_SECRET_KEY),
      '; the others read your credentials from ',
      h('code', 'PAYDOCS_POINT_ID'),
      ' and ',
      h('code', 'PAYDOCS_SECRET_KEY'),
      '.',
    ]),
  );
  out.push(generate({ generated: 'api-samples', from: request }, {}));

  out.push(heading('Responses', 'responses'));
  out.push(
    tabs(
      'response',
      api.examples.map((ex) => ({
        label: `${ex.status} ${ex.title}`,
        before: ex.description ? h('p.example-description', inline(ex.description, onLink)) : undefined,
        block: codeBlock(JSON.stringify(ex.response, null, 2), 'json'),
      })),
    ),
  );
  return out;
}
