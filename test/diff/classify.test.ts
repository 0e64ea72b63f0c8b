/**
 * The rules of paydocs diff as tables: which API changes are breaking, and when the head's
 * releases declare one (pipeline/diff/classify.ts, compare-api.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_CHANGE_RULES, classify, isDeclared } from '../../pipeline/diff/classify.ts';
import { fieldChanges, operationChanges } from '../../pipeline/diff/compare-api.ts';
import type { FieldShape, OperationShape } from '../../pipeline/diff/api-surface.ts';
import { apiChangeRule } from '../../schema/diff-report.ts';
import type { Release } from '../../schema/releases.ts';
import { projectRoot } from '../helpers.ts';

const where = { api: 'v2', operation: '/api/v2/transaction/create', method: 'POST /v2/transaction/create' };
const op = (fields: Record<string, FieldShape>): OperationShape => ({
  route: where.operation,
  method: where.method,
  fields: new Map(Object.entries(fields)),
});
const str = (required = false, values?: string[]): FieldShape => ({
  type: 'string',
  required,
  ...(values ? { enum: values } : {}),
});

/** What changed and whether it breaks, for one field before → after (undefined: absent). */
function verdicts(field: string, before?: FieldShape, after?: FieldShape) {
  const changes = operationChanges(where, op(before ? { [field]: before } : {}), op(after ? { [field]: after } : {}));
  return changes.map((c) => [c.rule, classify(c, []).breaking]);
}

describe('which API changes are breaking', () => {
  it.each([
    ['a response field removed', 'response.status', str(true), undefined, [['response-field-removed', true]]],
    ['a response field added', 'response.fee', undefined, str(true), [['response-field-added', false]]],
    [
      'a response field made optional',
      'response.status',
      str(true),
      str(false),
      [['response-field-now-optional', true]],
    ],
    [
      'a response field made required',
      'response.status',
      str(false),
      str(true),
      [['response-field-now-required', false]],
    ],
    ['a request field made required', 'request.email', str(false), str(true), [['request-field-now-required', true]]],
    ['a request field made optional', 'request.email', str(true), str(false), [['request-field-now-optional', false]]],
    ['a required request field added', 'request.email', undefined, str(true), [['request-field-added-required', true]]],
    [
      'an optional request field added',
      'request.email',
      undefined,
      str(false),
      [['request-field-added-optional', false]],
    ],
    ['a request field removed', 'request.email', str(false), undefined, [['request-field-removed', true]]],
    ['a type changed', 'request.amount', str(true), { type: 'number', required: true }, [['type-changed', true]]],
    ['an enum narrowed', 'request.kind', str(true, ['a', 'b']), str(true, ['a']), [['enum-value-removed', true]]],
    ['an enum widened', 'request.kind', str(true, ['a']), str(true, ['a', 'b']), [['enum-value-added', false]]],
    [
      'a response enum narrowed',
      'response.kind',
      str(true, ['a', 'b']),
      str(true, ['a']),
      [['enum-value-removed', true]],
    ],
    [
      'a response enum widened',
      'response.kind',
      str(true, ['a']),
      str(true, ['a', 'b']),
      [['enum-value-added', false]],
    ],
    ['a request field given an enum', 'request.kind', str(true), str(true, ['a']), [['enum-introduced', true]]],
    ['a response field given an enum', 'response.kind', str(true), str(true, ['a']), [['enum-introduced', false]]],
    ['a request field freed of its enum', 'request.kind', str(true, ['a']), str(true), [['enum-dropped', false]]],
    ['nothing', 'request.kind', str(true, ['a']), str(true, ['a']), []],
  ] as const)('%s', (_name, field, before, after, expected) => {
    expect(verdicts(field, before, after)).toEqual(expected);
  });

  it('reports an object removed once, not each of its members', () => {
    const before = op({ 'response.card': { type: 'object', required: true }, 'response.card.bin': str(true) });
    expect(operationChanges(where, before, op({})).map((c) => c.field)).toEqual(['response.card']);
  });

  it('reports every change of one field: type, required and enum at once', () => {
    const rules = fieldChanges(where, 'request.kind', str(false, ['a']), {
      type: 'integer',
      required: true,
      enum: [1],
    }).map((c) => c.rule);
    expect(rules).toEqual(['type-changed', 'request-field-now-required', 'enum-value-removed', 'enum-value-added']);
  });

  it('has a verdict for every rule, and docs/diff.md lists each with it', () => {
    expect(Object.keys(API_CHANGE_RULES).sort()).toEqual([...apiChangeRule.options].sort());
    const doc = readFileSync(path.join(projectRoot, 'docs/diff.md'), 'utf8');
    const cell = (breaking: boolean | 'request') =>
      breaking === 'request'
        ? 'request: **breaking**; response: not breaking'
        : breaking
          ? '**breaking**'
          : 'not breaking';
    const rules = doc.slice(doc.indexOf('\n## Rules'), doc.indexOf('\n## Declaring'));
    const rows = rules.split('\n').filter((l) => /^\| `[a-z-]+` \|/.test(l));
    expect(rows).toEqual(
      Object.entries(API_CHANGE_RULES).map(
        ([rule, { breaking, why }]) => `| \`${rule}\` | ${cell(breaking)} | ${why} |`,
      ),
    );
  });
});

describe('when a change is declared', () => {
  const release = (change: Partial<Release['changes'][number]>): Release[] => [
    {
      id: '2026-11',
      date: '2026-11-20',
      title: 'November',
      summary: 'Changes.',
      apis: ['v2'],
      changes: [
        {
          api: 'v2',
          operation: where.operation,
          change: 'removed',
          breaking: true,
          description: 'Gone.',
          ...change,
        },
      ],
    },
  ];
  const removed = { ...where, field: 'response.status', rule: 'response-field-removed' as const, message: '' };
  const narrowed = { ...where, field: 'request.kind', value: 'b', rule: 'enum-value-removed' as const, message: '' };

  it.each([
    ['the same api, operation and field', removed, { field: 'response.status' }, true],
    ['another field', removed, { field: 'response.amount' }, false],
    ['the operation without the field', removed, {}, false],
    ['another operation', removed, { field: 'response.status', operation: '/api/v2/transaction/find' }, false],
    ['another api', removed, { field: 'response.status', api: 'v1' as const }, false],
    ['the same enum value', narrowed, { field: 'request.kind', value: 'b' }, true],
    ['another enum value', narrowed, { field: 'request.kind', value: 'c' }, false],
    [
      'a whole operation, named without a field',
      { ...where, rule: 'operation-removed' as const, message: '' },
      {},
      true,
    ],
  ] as const)('declared by %s', (_name, change, declared, expected) => {
    expect(isDeclared(change, release(declared))).toBe(expected);
  });

  it('counts both Reports APIs as "reports"', () => {
    const change = { ...removed, api: 'reports-v2', operation: '/api/reports/v2/create' };
    expect(isDeclared(change, release({ api: 'reports', operation: change.operation, field: 'response.status' }))).toBe(
      true,
    );
  });
});
