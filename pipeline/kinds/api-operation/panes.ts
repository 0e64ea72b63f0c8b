/**
 * The right pane of an operation's reference → hast, in two parts: the request sample (the
 * code samples in every language, printed from the one request: schema/generated/) beside the
 * request fields, and the responses, one tab per example, beside the response fields and
 * errors. Each response tab says its outcome (`data-outcome`: success, action, error), which
 * the reader follows: the success tab while the response fields are read, an error one at the
 * errors (reader/page/api-reference.ts).
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { ApiOperation } from '../../../schema/frontmatter-api.ts';
import type { SampleRequest } from '../../../schema/generated/sample-request.ts';
import { generate } from '../../../schema/generated/index.ts';
import { inline } from '../../../schema/inline.ts';
import { codeBlock } from '../../compile/code.ts';
import { DEMO_SECRET_KEY } from './request.ts';
import { SECTION_GROUP_CLASS } from '../../compile/sections.ts';

export type Outcome = 'success' | 'action' | 'error';

type Example = ApiOperation['examples'][number];

/**
 * An example's outcome: an error (HTTP 4xx/5xx, v2 `success: false`, v1 `result: error`), an action
 * to take, or success.
 */
export function outcomeOf(example: Example): Outcome {
  const body = (example.response ?? {}) as { success?: unknown; result?: unknown; status?: unknown; data?: unknown };
  if (example.status >= 400 || body.success === false || body.result === 'error') return 'error';
  const data = (body.data ?? body) as { status?: unknown };
  return data.status === 'requires_action' ? 'action' : 'success';
}

/** The request sample: the heading the page always had (`#code-samples`), the tabs, and what they send. */
export function requestPane(request: SampleRequest, headingId: string): Element {
  return h(`div.api-pane.api-pane-request.${SECTION_GROUP_CLASS}`, [
    h('h2', { id: headingId }, 'Code samples'),
    generate({ generated: 'api-samples', from: request }, {}),
    h('p.api-pane-note', [
      'Every sample sends the same request to the sandbox. The ' +
        'HTTP tab shows the signature computed with the demo key ',
      h('code', DEMO_SECRET_KEY),
      '; the others read your credentials from ',
      h('code', 'PAYDOCS_POINT_ID'),
      ' and ',
      h('code', 'PAYDOCS_SECRET_KEY'),
      '.',
    ]),
  ]);
}

/** The responses, one tab per example (`#responses`, as the page always had). */
export function responsePane(api: ApiOperation, headingId: string, onLink: (url: string) => void): Element {
  return h(`div.api-pane.api-pane-response.${SECTION_GROUP_CLASS}`, [
    h('h2', { id: headingId }, 'Responses'),
    h(
      'div.tabs',
      { dataGroup: 'response' },
      api.examples.map((ex) =>
        h('div.tab-panel', { dataLabel: `${ex.status} ${ex.title}`, dataOutcome: outcomeOf(ex) }, [
          ...(ex.description ? [h('p.example-description', inline(ex.description, onLink))] : []),
          codeBlock(JSON.stringify(ex.response, null, 2), 'json'),
        ]),
      ),
    ),
  ]);
}
