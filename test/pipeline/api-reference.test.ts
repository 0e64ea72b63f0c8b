/**
 * An API operation's reference as the pipeline builds it (pipeline/kinds/api-operation/):
 * placed after the page's summary and before its guide sections, in the order of the task,
 * each field a list item with its own anchor and its members in a child list, a filter box
 * over the lists of a long operation only, and the search sections still divided at its headings.
 */
import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root, RootContent } from 'hast';
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import { compileContext } from '../../pipeline/compile/context.ts';
import { kindContext } from '../../pipeline/kinds/index.ts';
import { validateContent, type PageSource } from '../../pipeline/content/validate.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import type { ApiField, ApiOperation } from '../../schema/frontmatter-api.ts';
import { fixtureRoot } from '../helpers.ts';

const site = validateContent(await loadContent(fixtureRoot)).site!;
const ctx = compileContext(site, kindContext(site.pages));
const create = site.pages.find((p) => p.route === '/api/v2/transaction/create')!;
const apiOf = (p: PageSource) => (p.frontmatter as { api: ApiOperation }).api;
const compile = (body: string, api: ApiOperation = apiOf(create)) =>
  compilePage(
    {
      route: create.route,
      relFile: create.relFile,
      hash: create.hash,
      frontmatter: { ...create.frontmatter, api } as PageSource['frontmatter'],
      body,
      bodyLine: create.bodyLine,
    },
    ctx,
  );

// ── A few selectors over hast: `tag.class`, `#id`, `[data-x="y"]`, descendants by space, children by `>` ──
type Node = Root | Element;
const matches = (el: Element, simple: string): boolean =>
  [...simple.matchAll(/([.#]?[\w-]+)|\[([\w-]+)="([^"]*)"\]/g)].every(([, part, attr, value]) => {
    if (attr) return String(el.properties[attr.replace(/-(\w)/g, (_, c) => c.toUpperCase())]) === value;
    if (part.startsWith('.')) return ((el.properties.className as string[]) ?? []).includes(part.slice(1));
    if (part.startsWith('#')) return el.properties.id === part.slice(1);
    return el.tagName === part;
  });
const kids = (n: Node): Element[] => (n.children as RootContent[]).filter((c): c is Element => c.type === 'element');
const descendants = (n: Node): Element[] => kids(n).flatMap((k) => [k, ...descendants(k)]);
function selectAll(selector: string, tree: Node): Element[] {
  let found: Node[] = [tree];
  let child = false;
  for (const step of selector.split(/\s+/)) {
    if (step === '>') {
      child = true;
      continue;
    }
    found = [...new Set(found.flatMap((n) => (child ? kids(n) : descendants(n)).filter((e) => matches(e, step))))];
    child = false;
  }
  return found as Element[];
}
const select = (selector: string, tree: Node): Element | undefined => selectAll(selector, tree)[0];
const ids = (tree: Node, selector: string) => selectAll(selector, tree).map((e) => String(e.properties.id));

describe('the API reference of an operation page', () => {
  it('comes after the summary and before the guide sections, in the order of the task', () => {
    const { ast, sections } = compile('The summary.\n\n## A guide section\n\nMore.');
    const [summary, reference, guide] = kids(ast);
    expect(toHtml(summary)).toBe('<p>The summary.</p>');
    expect(reference.properties.className).toContain('api-ref');
    expect(guide.properties.id).toBe('a-guide-section');
    // Request part: endpoint, request sample, authentication and
    // request fields; response part: responses, fields, errors.
    expect(ids(reference, 'h2')).toEqual([
      'code-samples',
      'authentication',
      'request-parameters',
      'responses',
      'response-fields',
      'errors',
    ]);
    expect(select('.api-ref-request > .api-ref-lead > .api-endpoint', reference)).toBeTruthy();
    expect(select('.api-ref-request > .api-pane-request .tabs[data-group="lang"]', reference)).toBeTruthy();
    expect(select('.api-ref-response > .api-pane-response .tabs[data-group="response"]', reference)).toBeTruthy();
    // The headings inside the layout's wrappers still divide the page for search.
    expect(sections.map((s) => s.id)).toEqual([
      '',
      'code-samples',
      'authentication',
      'request-parameters',
      'responses',
      'response-fields',
      'errors',
      'a-guide-section',
    ]);
  });

  it('gives every field its anchor, its members a child list, and each response example its outcome', () => {
    const { ast } = compile('Summary.');
    expect(ids(ast, 'li.api-field')).toEqual([
      'request-service',
      'request-amount',
      'request-currency',
      'request-payment_type',
      'request-customer',
      'request-customer-email',
      'response-transaction_id',
      'response-status',
      'response-next_action',
      'response-next_action-type',
      'response-next_action-url',
      'response-next_action-qr_data',
    ]);
    const email = select('#request-customer-email', ast)!;
    expect(select('details.api-children > ul.api-fields > #request-customer-email', ast)).toBe(email);
    expect(toHtml(select('.api-field-head', email)!)).toBe(
      '<div class="api-field-head"><code class="api-field-name"><span ' +
        'class="api-field-parent">customer.</span>email</code><a class="hash-link api-field-anchor" ' +
        'href="#request-customer-email" aria-label="Copy link to request parameter customer.email">#</a><span ' +
        'class="api-field-type">string (email)</span><span class="badge badge-required">required</span></div>',
    );
    expect(selectAll('.api-pane-response .tab-panel', ast).map((p) => p.properties.dataOutcome)).toEqual([
      'success',
      'error',
    ]);
  });

  it('shows constraints, enum values with their meanings, the default and the example of a field', () => {
    const field: ApiField = {
      name: 'channel',
      type: 'string',
      required: false,
      description: 'Where the customer pays.',
      constraints: { min_length: 2, max_length: 8, pattern: '^[a-z]+$' },
      enum: [
        { value: 'web', description: 'A browser.' },
        { value: 'app', description: 'Your mobile app.' },
      ],
      default: 'web',
      example: 'app',
    };
    const { ast } = compile('Summary.', { ...apiOf(create), request: [field] });
    expect(toHtml(select('#request-channel .api-field-body', ast)!)).toBe(
      '<div class="api-field-body"><span class="field-description">Where the customer pays.</span><span ' +
        'class="field-constraints">2–8 characters; pattern <code>^[a-z]+$</code></span><ul ' +
        'class="field-enum"><li><code>web</code> — A browser.</li><li><code>app</code> — Your mobile ' +
        'app.</li></ul><span class="field-default">Default: <code>web</code></span><span ' +
        'class="field-example">Example: <code>app</code></span></div>',
    );
  });

  it('puts a filter box over the longer lists of an operation with more than 15 fields only', () => {
    expect(selectAll('.api-filter', compile('Summary.').ast)).toHaveLength(0);
    const extra: ApiField[] = Array.from({ length: 7 }, (_, i) => ({
      name: `extra_${i}`,
      type: 'string',
      description: `Extra field ${i}.`,
    }));
    const api = apiOf(create);
    // 3 request parameters and 6 + 7 response fields: 16 in all.
    const { ast } = compile('Summary.', {
      ...api,
      request: api.request.slice(0, 3),
      response: [...api.response, ...extra],
    });
    const boxes = selectAll('.api-filter', ast);
    expect(boxes).toHaveLength(1); // over the 13 response fields; the 3 request parameters need none
    expect(select('.api-ref-response .api-filter', ast)).toBe(boxes[0]);
    expect(select('input', boxes[0])!.properties).toMatchObject({
      type: 'search',
      ariaLabel: 'Filter response fields',
    });
  });

  it('keeps the prose ids and gives a field a free one when a heading took its name', () => {
    const { ast } = compile('Summary.\n\n## Errors\n\nOurs.\n\n## Request customer\n\nText.');
    expect(ids(ast, 'h2')).toContain('errors');
    expect(ids(ast, '.api-ref h2')).toContain('errors-1');
    expect(ids(ast, 'li.api-field')).toContain('request-customer-1');
  });
});
