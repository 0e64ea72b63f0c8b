/**
 * The head of an operation's reference → hast: the endpoint (method, path, API version),
 * its URL in each environment as tabs (the reader remembers the chosen environment site-wide,
 * as it does the sample language, and gives each URL a copy button), and how to authenticate.
 */
import type { Badger } from './badges.ts';
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import type { ApiOperation } from '../../../schema/frontmatter-api.ts';
import { codeBlock } from '../../compile/code.ts';

/** The tab group of the environment URLs (reader/page/content-behaviour.ts keeps the choice per group). */
export const ENVIRONMENT_TABS = 'environment';

export function endpoint(
  api: ApiOperation,
  urls: { sandbox: string; production: string },
  lifecycle: Badger,
): Element[] {
  const deprecation = lifecycle.note(api);
  return [
    h('div.api-endpoint', [
      h(`span.method-badge.method-${api.method.toLowerCase()}`, api.method),
      h('code.api-path', api.path),
      h('span.badge.badge-version', `API ${api.version}`),
      ...lifecycle.badges(api),
    ]),
    ...(deprecation.length ? [h('p.api-deprecation', deprecation)] : []),
    h('div.tabs.api-environments', { dataGroup: ENVIRONMENT_TABS }, [
      h('div.tab-panel', { dataLabel: 'Sandbox' }, [codeBlock(`${urls.sandbox}${api.path}`, undefined)]),
      h('div.tab-panel', { dataLabel: 'Production' }, [codeBlock(`${urls.production}${api.path}`, undefined)]),
    ]),
  ];
}

function v2Auth(api: ApiOperation): ElementContent[] {
  return [
    'Send ',
    h('code', 'X-Point-Id'),
    ' and ',
    h('code', 'X-Signature'),
    " (lower-case hex HMAC-SHA256 of the raw body with the point's secret key)",
    ...(api.idempotent
      ? [
          ', and an ',
          h('code', 'Idempotency-Key'),
          ' (UUID v4) — repeating the same key with the same body returns the first response',
        ]
      : []),
    '. See ',
    h('a', { href: '/request_format' }, 'API v2 request format'),
    '.',
  ].map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c));
}

function v1Auth(api: ApiOperation): ElementContent[] {
  return [
    'Send ',
    h('code', 'point_id'),
    ' and ',
    h('code', 'signature'),
    ' form fields (HMAC-SHA256 over the sorted ',
    h('code', 'name=value'),
    ' pairs)',
    ...(api.idempotent ? [' and a unique ', h('code', 'request_id')] : []),
    '. See ',
    h('a', { href: '/request_format_v1' }, 'API v1 request format'),
    '.',
  ].map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c));
}

/** The Authentication paragraph. */
export function authentication(api: ApiOperation): Element {
  if (api.auth === 'none') return h('p', 'This call needs no signature.');
  return h('p', api.version === 'v2' ? v2Auth(api) : v1Auth(api));
}
