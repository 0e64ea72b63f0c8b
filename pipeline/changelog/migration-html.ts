/**
 * A v1 → v2 migration (./migration.ts) as hast: the list shown in an operation page's
 * "Changes from v1" section and, per operation, in the changelog's.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';

type Part = string | Element;
import type { MigrationChange } from './migration.ts';

const code = (text: string) => h('code', text);
const codes = (list: string[]): Part[] => list.flatMap((c, i) => (i ? [', ', code(c)] : [code(c)]));
const at = (side: string, path: string) => code(`${side}.${path}`);

function item(c: MigrationChange): Part[] | undefined {
  switch (c.kind) {
    case 'method':
      return ['Called with ', code(c.to), ' (v1: ', code(c.from), ').'];
    case 'added':
      return ['New in v2: ', at(c.side, c.v2), c.required ? ' (required).' : ' (optional).'];
    case 'removed':
      return ['Not in v2: ', at(c.side, c.v1), '.'];
    case 'renamed':
      return ['Renamed: ', at(c.side, c.v1), ' → ', at(c.side, c.v2), '.'];
    case 'type':
      return [at(c.side, c.v2), `: type ${c.from} in v1, ${c.to} in v2.`];
    case 'required':
      return [at(c.side, c.v2), c.to ? ': required in v2 (optional in v1).' : ': optional in v2 (required in v1).'];
    case 'enum':
      return [
        at(c.side, c.v2),
        ': ',
        ...(c.added.length ? ['new values ', ...codes(c.added)] : []),
        c.added.length && c.removed.length ? '; ' : '',
        ...(c.removed.length ? ['values no longer accepted or returned ', ...codes(c.removed)] : []),
        '.',
      ];
    case 'errors':
      return [
        'Error codes: ',
        ...(c.added.length ? ['v2 adds ', ...codes(c.added)] : []),
        c.added.length && c.removed.length ? '; ' : '',
        ...(c.removed.length ? ['v2 never answers ', ...codes(c.removed)] : []),
        '.',
      ];
    default:
      return undefined; // `moved` is listed as one item, below
  }
}

/** The changes as a list; members v2 nests are one item (v1 sends them flat, joined with `_`). */
export function migrationList(changes: MigrationChange[]): Element {
  const items = changes.flatMap((c) => {
    const content = item(c);
    return content ? [h('li', content)] : [];
  });
  const moved = changes.filter((c): c is Extract<MigrationChange, { kind: 'moved' | 'renamed' }> => c.kind === 'moved');
  if (moved.length)
    items.push(
      h('li', [
        'Nested in v2, flat in v1: ',
        ...moved.flatMap((m, i) => [i ? ', ' : '', at(m.side, m.v1), ' → ', code(m.v2)]),
        '.',
      ]),
    );
  if (!items.length) items.push(h('li', 'The same fields, types and error codes as v1.'));
  return h('ul.migration-changes', items);
}

/** What every v1 → v2 move shares, said once above the lists. */
export function migrationIntro(): Part[] {
  return [
    'In every call v2 signs with the ',
    code('X-Point-Id'),
    ' and ',
    code('X-Signature'),
    ' headers instead of form fields, sends JSON, and answers inside ',
    code('data'),
    ' of the ',
    code('success'),
    ' envelope with an HTTP status; an error is ',
    code('error.code'),
    ' (a string) instead of ',
    code('result'),
    ' ',
    code('error'),
    ' and a numeric ',
    code('error_code'),
    ' (see ',
    h('a', { href: '/response_format' }, 'Response format'),
    ').',
  ];
}
