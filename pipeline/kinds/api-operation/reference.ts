/**
 * api-operation → hast: the operation's reference, in the order of the task — endpoint,
 * authentication, request fields, response fields, errors — with the request sample and the
 * responses in a right pane beside them. Placed after the page's summary (its prose before
 * the first heading); the guide sections follow it.
 *
 *   div.api-ref
 *     div.api-ref-part.api-ref-request    endpoint · request sample (pane) · authentication, request fields
 *     div.api-ref-part.api-ref-response   responses (pane) · response fields, errors
 *
 * Each part is a grid from 1200 px (reader/styles/api.css): its pane sticks beside the fields it
 * shows; below, one column in document order — the request sample right after the endpoint, the
 * responses right before the response fields. The wrappers are layout only: the search index reads
 * the headings inside them as the page's own (SECTION_GROUP_CLASS). The error table and the code
 * samples are generated content (schema/generated/): the page JSON carries their data.
 */
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import type { ApiOperation } from '../../../schema/frontmatter-api.ts';
import type { CompileContext } from '../../compile/context.ts';
import type { CompileTools } from '../types.ts';
import { SECTION_GROUP_CLASS } from '../../compile/sections.ts';
import { buildRequest } from './request.ts';
import { generate } from '../../../schema/generated/index.ts';
import { authentication, endpoint } from './endpoint.ts';
import { countFields, fieldList, FILTER_LIST_FIELDS, FILTER_OPERATION_FIELDS, type FieldScope } from './fields.ts';
import { requestPane, responsePane } from './panes.ts';
import { badger } from './badges.ts';

const group = (classes: string, children: ElementContent[]) => h(`div.${classes}.${SECTION_GROUP_CLASS}`, children);

function responseIntro(api: ApiOperation): Element {
  return h(
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
  );
}

export function apiReference(api: ApiOperation, ctx: CompileContext, { uniqueId: id, onLink }: CompileTools): Element {
  const env = ctx.config.environments as Record<string, Record<string, string>>;
  const sandbox = env.sandbox?.api ?? '';
  const production = env.production?.api ?? '';
  const heading = (text: string, slug: string) => h('h2', { id: id(slug) }, text);
  const lifecycle = badger(ctx.data.releases, onLink);
  const filtered = countFields(api.request) + countFields(api.response) > FILTER_OPERATION_FIELDS;
  const fields = (list: ApiOperation['request'], scope: FieldScope) =>
    fieldList(list, { scope, uniqueId: id, onLink, lifecycle }, filtered && countFields(list) > FILTER_LIST_FIELDS);

  const request = group('api-ref-part.api-ref-request', [
    group('api-ref-lead', endpoint(api, { sandbox, production }, lifecycle)),
    requestPane(buildRequest(api, sandbox, api.examples[0]?.request), id('code-samples')),
    group('api-ref-main', [
      heading('Authentication', 'authentication'),
      authentication(api),
      heading('Request parameters', 'request-parameters'),
      ...(api.request.length
        ? fields(api.request, 'request')
        : [h('p', 'This call takes no parameters besides authentication.')]),
    ]),
  ]);
  const responseFields = [
    heading('Response fields', 'response-fields'),
    responseIntro(api),
    ...fields(api.response, 'response'),
  ];
  const errors = api.errors.length
    ? [
        heading('Errors', 'errors'),
        generate(
          { generated: 'api-errors', from: { version: api.version, codes: api.errors } },
          { apiErrors: ctx.data.api_error_codes },
          onLink,
        ),
      ]
    : [];
  const response = group('api-ref-part.api-ref-response', [
    responsePane(api, id('responses'), onLink),
    group('api-ref-main', [...responseFields, ...errors]),
  ]);
  return group('api-ref', [request, response]);
}
