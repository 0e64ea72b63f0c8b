/**
 * Every API example against its field definition (pipeline/kinds/api-operation/example-values.ts,
 * check-examples.ts): a table of values, then named problems with file, line and field on a
 * fixture operation.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { valueProblems } from '../../pipeline/kinds/api-operation/example-values.ts';
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { buildProblems, fixtureRoot } from '../helpers.ts';

const field = (f: Partial<ApiField>): ApiField => ({ name: 'x', type: 'string', description: 'X.', ...f });
const kinds = ['a', 'b'].map((value) => ({ value, description: `${value}.` }));

describe('a value against its field', () => {
  it.each([
    ['a string for a string', field({}), 'abc', []],
    ['a number for a string', field({}), 10.5, ['Expected a string, found the number 10.5']],
    ['a float for an integer', field({ type: 'integer' }), 1.5, ['Expected an integer, found the number 1.5']],
    ['an object for an array', field({ type: 'array' }), {}, ['Expected a array, found an object']],
    [
      'a value outside the enum',
      field({ enum: kinds }),
      'c',
      ['Expected the example to be one of the enum values (a, b), found "c"'],
    ],
    [
      'an array item outside the enum',
      field({ type: 'array', enum: kinds }),
      ['a', 'z'],
      ['Expected the example to be one of the enum values (a, b), found "z"'],
    ],
    [
      'too many items',
      field({ type: 'array', constraints: { max_length: 1 } }),
      ['a', 'b'],
      ['Expected at most 1 items, found 2'],
    ],
    ['too short', field({ constraints: { min_length: 3 } }), 'ab', ['Expected at least 3 characters, found 2']],
    ['below the minimum', field({ type: 'integer', constraints: { minimum: 1 } }), 0, ['Expected at least 1, found 0']],
    [
      'against its pattern',
      field({ constraints: { pattern: '^[A-Z]{3}$' } }),
      'usd',
      ['Expected a value matching ^[A-Z]{3}$, found "usd"'],
    ],
    [
      'an object without a required member',
      field({ type: 'object', fields: [field({ name: 'email', required: true }), field({ name: 'phone' })] }),
      { phone: '+1' },
      ['Expected the required field "email", found none'],
    ],
  ] as const)('%s', (_name, f, value, messages) => {
    expect(valueProblems(f as ApiField, value).map((p) => p.message)).toEqual(messages);
  });

  it('says where below the value: the member and the item', () => {
    const f = field({
      type: 'array',
      fields: [field({ name: 'kind', enum: kinds }), field({ name: 'n', type: 'integer' })],
    });
    expect(
      valueProblems(f, [
        { kind: 'a', n: 1 },
        { kind: 'q', n: 'two' },
      ]).map((p) => [p.path, p.kind]),
    ).toEqual([
      [[1, 'kind'], 'enum'],
      [[1, 'n'], 'schema'],
    ]);
  });
});

describe('paydocs check on API examples', () => {
  const CREATE = 'content/api/v2/transaction/create.md';

  it('names every example that contradicts its field, with file, line and field', async () => {
    const page = (await readFile(path.join(fixtureRoot, CREATE), 'utf8'))
      .replace('example: "10.50" }', 'example: 10.5 }')
      .replace(
        'response: { success: true, data: { transaction_id: tr_01HV6ZK3N4C8W9, status: created } }',
        'request: { payment_type: refund, amout: "1.00" }\n' +
          '      response: { success: true, data: { status: created } }',
      );
    const problems = await buildProblems({ [CREATE]: page });
    expect(problems.map((d) => [d.file, d.line, d.field, d.rule, d.message])).toEqual([
      [CREATE, 13, 'api.request[1].example', 'api-example-schema', 'Expected a string, found the number 10.5'],
      [
        CREATE,
        44,
        'api.examples[0].request.payment_type',
        'api-enum-example',
        'Expected the example to be one of the enum values (payin, payout), found "refund"',
      ],
      [
        CREATE,
        44,
        'api.examples[0].request.amout',
        'api-example-schema',
        'Expected a request field of this operation (service, amount, currency, payment_type, customer), found "amout"',
      ],
      [
        CREATE,
        45,
        'api.examples[0].response.data',
        'api-example-schema',
        'Expected the required field "transaction_id", found none',
      ],
    ]);
  }, 120_000);

  it('leaves a failing scenario alone: its request may be wrong on purpose', async () => {
    // The fixture's 422 example sends amount "-1": with a pattern for positive amounts it is still no problem.
    const page = (await readFile(path.join(fixtureRoot, CREATE), 'utf8')).replace(
      'example: "10.50" }',
      'example: "10.50", constraints: { pattern: "^[0-9]+\\\\.[0-9]{2}$" } }',
    );
    expect(await buildProblems({ [CREATE]: page })).toEqual([]);
  }, 120_000);
});
