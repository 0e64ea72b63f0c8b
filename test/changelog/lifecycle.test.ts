/**
 * Lifecycle and releases as data: bad references are named problems with file, line and field
 * (fixture site + edits), and the v1 → v2 comparison reports what changed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProblems, fixtureRoot } from '../helpers.ts';
import { migrationChanges } from '../../pipeline/changelog/migration.ts';
import { apiOperation } from '../../schema/frontmatter-api.ts';

const CREATE = 'content/api/v2/transaction/create.md';
const createText = readFileSync(path.join(fixtureRoot, CREATE), 'utf8');
const releases = `- { id: "2024-05", date: "2024-05-20", title: Locked rates, summary: Quotes., apis: [v2] }
- { id: "2026-06", date: "2026-06-08", title: QR links deprecated, summary: Deprecated., apis: [v2],
    changes: [{ api: v2, operation: /api/v2/transaction/nothing, change: added, description: A call. }] }
`;
/** The fixture's create page with `line` added under `api:` (operation level). */
const withOperation = (line: string) => createText.replace('  idempotent: true\n', `  idempotent: true\n${line}\n`);

describe('lifecycle cross-checks', () => {
  it('names an unknown release, a sunset before its deprecation and a `use` that names nothing', async () => {
    const problems = await buildProblems({
      'content/data/releases.yaml': releases,
      [CREATE]: withOperation(
        '  since: "2023-02"\n  deprecated: { in: "2026-06", use: transaction_ref, message: Gone. }\n' +
          '  sunset: "2026-01-01"',
      ).replace(
        '{ name: transaction_id, ',
        '{ name: transaction_id, deprecated: { in: "2026-06", use: nothing.here, message: Old. }, ',
      ),
    });
    const mine = problems.filter((p) => p.rule.startsWith('lifecycle') || p.rule === 'release-change');
    const rules = mine.map((p) => `${p.rule} ${p.field}`).sort();
    expect(rules).toEqual([
      'lifecycle-release api.since',
      'lifecycle-sunset api.sunset',
      'lifecycle-use api.deprecated.use',
      'lifecycle-use api.response[0].deprecated.use',
      'release-change [1].changes[0].operation',
    ]);
    for (const p of mine) expect(p.line, `${p.rule} has a line`).toBeGreaterThan(0);
    const unknown = mine.find((p) => p.rule === 'lifecycle-release')!;
    expect(unknown.file).toBe(CREATE);
    expect(unknown.message).toBe('Expected a release id of content/data/releases.yaml, found "2023-02"');
    expect(mine.find((p) => p.rule === 'lifecycle-sunset')!.message).toContain('after 2026-06-08');
  });

  it('a rename mapping on an operation without a v1 counterpart is named', async () => {
    const problems = await buildProblems({
      'content/data/releases.yaml': releases,
      [CREATE]: withOperation('  renamed_from_v1: { "request.order_ref": "request.service" }'),
    });
    const rename = problems.filter((p) => p.rule === 'v1-rename');
    expect(rename).toHaveLength(1);
    expect(rename[0]!.message).toContain('Expected a v1 counterpart (/v1/transaction/create)');
    expect(rename[0]!.line).toBeGreaterThan(0);
  });
});

const op = (fields: object) =>
  apiOperation.parse({
    method: 'POST',
    path: '/v2/x',
    version: 'v2',
    response: [{ name: 'id', type: 'string', description: 'd' }],
    examples: [{ status: 200, title: 't', response: {} }],
    ...fields,
  });

describe('v1 → v2 changes, computed', () => {
  it('pairs flat v1 names with nested v2 members, declared renames, and reports the rest', () => {
    const f = (name: string, extra: object = {}) => ({ name, type: 'string', description: 'd', ...extra });
    const v1 = op({
      path: '/v1/x',
      version: 'v1',
      request: [
        f('customer_email', { required: true }),
        f('ref'),
        f('gone'),
        f('kind', {
          enum: [
            { value: 'a', description: 'a' },
            { value: 'b', description: 'b' },
          ],
        }),
      ],
      errors: ['invalid_request', 'validation_error'],
    });
    const v2 = op({
      method: 'GET',
      request: [
        { name: 'customer', type: 'object', description: 'd', fields: [f('email', { required: true })] },
        f('reference'),
        f('kind', {
          enum: [
            { value: 'a', description: 'a' },
            { value: 'c', description: 'c' },
          ],
        }),
        f('extra', { required: true }),
      ],
      errors: ['validation_error', 'rate_limited'],
      renamed_from_v1: { 'request.ref': 'request.reference' },
    });
    expect(migrationChanges(v1, v2)).toEqual([
      { kind: 'method', from: 'POST', to: 'GET' },
      { kind: 'moved', side: 'request', v1: 'customer_email', v2: 'customer.email' },
      { kind: 'renamed', side: 'request', v1: 'ref', v2: 'reference' },
      { kind: 'enum', side: 'request', v2: 'kind', added: ['c'], removed: ['b'] },
      { kind: 'added', side: 'request', v2: 'extra', required: true },
      { kind: 'removed', side: 'request', v1: 'gone' },
      { kind: 'errors', added: ['rate_limited'], removed: ['invalid_request'] },
    ]);
  });
});
