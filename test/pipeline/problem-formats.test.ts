/** The problems for machines: GitHub's workflow commands survive any text, the JSON keeps the contract. */
import { describe, expect, it } from 'vitest';
import { checkReport } from '../../schema/check-report.ts';
import { githubAnnotations, jsonReport } from '../../pipeline/problem-formats.ts';

describe('problem formats', () => {
  it("ends each with its rule's docs link; escapes what ends a command early: %, line breaks, , : in props", () => {
    const out = githubAnnotations([
      {
        file: 'content/data/a,b:c.yaml',
        line: 3,
        column: 7,
        field: 'rows[0].x',
        rule: 'data-file',
        message: '100% wrong\r\nhere',
        hint: 'Fix it: now, please.',
      },
      { file: 'content/site.yaml', rule: 'site-config', message: 'No line', hint: 'Hint' },
    ]);
    expect(out.split('\n')).toEqual([
      '::error file=content/data/a%2Cb%3Ac.yaml,line=3,col=7,title=paydocs data-file ' +
        '(rows[0].x)::100%25 wrong%0D%0Ahere%0A→ Fix it: now, please.%0Asee docs/errors.md#data-file',
      '::error file=content/site.yaml,title=paydocs site-config::No line%0A→ Hint%0Asee docs/errors.md#site-config',
    ]);
  });

  it("the JSON report sorts by file and line, names each rule's fix and docs, and fits its schema", () => {
    const report = JSON.parse(
      jsonReport({
        problems: [
          { file: 'content/b.md', line: 9, rule: 'broken-link', message: 'B' },
          { file: 'content/a.md', line: 2, rule: 'empty-body', message: 'A', hint: 'Own hint' },
        ],
      }),
    );
    expect(checkReport.parse(report)).toEqual({
      version: 1,
      ok: false,
      problems: [
        {
          file: 'content/a.md',
          line: 2,
          rule: 'empty-body',
          message: 'A',
          fix: 'Own hint',
          docs: 'docs/errors.md#empty-body',
        },
        {
          file: 'content/b.md',
          line: 9,
          rule: 'broken-link',
          message: 'B',
          fix: expect.stringMatching(/\S/),
          docs: 'docs/errors.md#broken-link',
        },
      ],
    });
  });
});
