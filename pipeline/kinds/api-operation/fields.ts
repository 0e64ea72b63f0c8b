/**
 * An operation's request parameters or response fields → hast: one list item per field
 * (`li.api-field`, its own anchor `#request-customer-email`), with its type, `required`,
 * badges, description, constraints, enum values with their meanings, default and example;
 * an object's or array's members as a child list that opens and closes (`details`). The
 * reader adds the toggle's words (content-html.ts) and wires the filter box and the
 * copy-link anchors (reader/page/api-reference.ts); the Markdown twin prints each list
 * as the table it was (pipeline/machine/twin-api-fields.ts).
 */
import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';
import type { ApiField } from '../../../schema/frontmatter-api.ts';
import { inline } from '../../../schema/inline.ts';
import type { Badger } from './badges.ts';

export type FieldScope = 'request' | 'response';

/** What a field of each list is called (the copy-link's name: the same field name can be in both). */
const SCOPE_NAMES: Record<FieldScope, string> = { request: 'request parameter', response: 'response field' };

export interface FieldListContext {
  scope: FieldScope;
  /** An element id the page does not use yet (CompileTools.uniqueId). */
  uniqueId(wanted: string): string;
  onLink(url: string): void;
  /** The lifecycle badges and deprecation notes (badges.ts). */
  lifecycle: Badger;
}

/** An operation with more fields than this gets a filter box over its lists… */
export const FILTER_OPERATION_FIELDS = 15;
/** …each list of more than this many: a shorter one is read faster than filtered. */
export const FILTER_LIST_FIELDS = 5;

/** Fields, members included. */
export const countFields = (fields: readonly ApiField[]): number =>
  fields.reduce((n, f) => n + 1 + countFields(f.fields ?? []), 0);

function typeLabel(f: ApiField): string {
  if (f.type === 'array' && f.fields) return 'array of objects';
  return f.format ? `${f.type} (${f.format})` : f.type;
}

/** Length and range as words, the pattern as code: `1–64 characters; pattern ^[A-Z]{3}$`. */
function constraints(f: ApiField): ElementContent[] {
  const c = f.constraints ?? {};
  const parts: (string | Element)[][] = [];
  if (c.min_length !== undefined && c.max_length !== undefined)
    parts.push([`${c.min_length}–${c.max_length} characters`]);
  else if (c.max_length !== undefined) parts.push([`up to ${c.max_length} characters`]);
  else if (c.min_length !== undefined) parts.push([`at least ${c.min_length} characters`]);
  if (c.minimum !== undefined) parts.push([`minimum ${c.minimum}`]);
  if (c.maximum !== undefined) parts.push([`maximum ${c.maximum}`]);
  if (c.pattern) parts.push(['pattern ', h('code', c.pattern)]);
  if (!parts.length) return [];
  return [
    h(
      'span.field-constraints',
      parts.flatMap((p, i) => (i ? ['; ', ...p] : p)),
    ),
  ];
}

/** What is said about a field besides its name and type, one box under the other. */
function details(f: ApiField, onLink: (url: string) => void, lifecycle: Badger): ElementContent[] {
  const out: ElementContent[] = [
    h('span.field-description', inline(f.description, onLink)),
    ...lifecycle.note(f),
    ...constraints(f),
  ];
  if (f.enum)
    out.push(
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
  if (f.default !== undefined) out.push(h('span.field-default', ['Default: ', h('code', String(f.default))]));
  if (f.example !== undefined && typeof f.example !== 'object')
    out.push(h('span.field-example', ['Example: ', h('code', String(f.example))]));
  return out;
}

/** The row's first line: name (with its parents' path, muted), its anchor, type, required, badges. */
function head(f: ApiField, parents: string, id: string, ctx: FieldListContext): Element {
  const { scope } = ctx;
  const badges = ctx.lifecycle.badges(f);
  return h('div.api-field-head', [
    h('code.api-field-name', parents ? [h('span.api-field-parent', parents), f.name] : [f.name]),
    h(
      'a.hash-link.api-field-anchor',
      { href: `#${id}`, ariaLabel: `Copy link to ${SCOPE_NAMES[scope]} ${parents}${f.name}` },
      '#',
    ),
    h('span.api-field-type', typeLabel(f)),
    ...(scope === 'request'
      ? [f.required ? h('span.badge.badge-required', 'required') : h('span.badge.badge-optional', 'optional')]
      : []),
    ...(badges.length ? [h('span.api-field-badges', badges)] : []),
  ]);
}

function fieldItem(f: ApiField, path: string[], ctx: FieldListContext): Element {
  const parents = path.join('');
  const id = ctx.uniqueId(`${ctx.scope}-${[...path.map((p) => p.replace(/(\[\])?\.$/, '')), f.name].join('-')}`);
  const children: ElementContent[] = [
    head(f, parents, id, ctx),
    h('div.api-field-body', details(f, ctx.onLink, ctx.lifecycle)),
  ];
  if (f.fields) {
    const member = `${f.name}${f.type === 'array' ? '[]' : ''}.`;
    // The toggle's words are the reader's (content-html.ts): the page's text is the reference's own.
    children.push(
      h('details.api-children', [
        h('summary.api-children-toggle'),
        h(
          'ul.api-fields',
          f.fields.map((child) => fieldItem(child, [...path, member], ctx)),
        ),
      ]),
    );
  }
  return h('li.api-field', { id }, children);
}

/**
 * The list of `fields`, with a filter box before it when `filter` says so (the box is text-free:
 * its name is an aria-label, so the page's text, its search entry and its twin are the fields').
 */
export function fieldList(fields: readonly ApiField[], ctx: FieldListContext, filter: boolean): Element[] {
  const list = h(
    'ul.api-fields',
    { dataScope: ctx.scope },
    fields.map((f) => fieldItem(f, [], ctx)),
  );
  if (!filter) return [list];
  const label = `Filter ${SCOPE_NAMES[ctx.scope]}s`;
  return [
    h('div.api-filter', [
      h('input', { type: 'search', ariaLabel: label, placeholder: 'Filter fields', autoComplete: ['off'] }),
      h('span.api-filter-count', { role: 'status' }),
    ]),
    list,
  ];
}
