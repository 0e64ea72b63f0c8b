/**
 * A run reports every problem at once: a page whose frontmatter fails has its Markdown
 * checked too, and the problems that only follow from a file that does not validate are
 * counted on that file instead of listed (pipeline/content/follow-on.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatDiagnostics } from '../../pipeline/diagnostics.ts';
import { buildProblems as problems, pageText as page } from '../helpers.ts';

describe('a run reports every problem at once', () => {
  it('every problem of a run is reported together', async () => {
    const d = await problems({
      'content/a.md': page('title: A\ndescription: A description that is long enough.\nkeywords: 3'),
      'content/b.md': page(
        'title: B\ndescription: A description that is long enough.\nkeywords: [x]',
        'Go [nowhere](/nowhere) and :status[paid].',
      ),
    });
    const rules = d.map((x) => x.rule).sort();
    expect(rules).toEqual(['broken-link', 'frontmatter', 'status-reference']);
    expect(formatDiagnostics(d, false)).toMatch(/content\/a\.md:4 error keywords: Expected array/);
  });

  it('a page whose frontmatter fails has its Markdown checked in the same run', async () => {
    const body = 'Go [nowhere](/nowhere).\n\n<p style="color: red">Red</p>\n\n:status[paid]';
    const d = await problems({
      'content/a.md': page('title: A\ndescription: A description that is long enough.\nkeywords: 3', body),
      // No frontmatter at all: the whole file is its body.
      'content/b.md': '# B\n\nSee [there](/there).\n',
      // A kind's placeholder is no problem in a page of that kind, whatever else its frontmatter gets wrong.
      'content/c.md': page('kind: reference-table\ntitle: C', '::reference-table\n\n[Gone](/gone)'),
    });
    const found = d.map((x) => `${x.file}:${x.line} ${x.rule}`).sort();
    expect(found).toEqual(
      [
        'content/a.md:4 frontmatter',
        'content/a.md:6 broken-link',
        'content/a.md:8 raw-html',
        'content/a.md:10 status-reference',
        'content/b.md:1 frontmatter-missing',
        'content/b.md:3 broken-link',
        ...found.filter((f) => f.startsWith('content/c.md:') && f.endsWith(' frontmatter')),
        'content/c.md:7 broken-link',
      ].sort(),
    );
    // Links to the pages that failed are not broken: their own problems are listed.
    expect(
      await problems({
        'content/a.md': page('title: A\nkeywords: 3', '[B](/b)'),
        'content/b.md': page('title: B\nkeywords: 3', '[A](/a)'),
      }),
    ).not.toContainEqual(expect.objectContaining({ rule: 'broken-link' }));
  });

  it('a page whose frontmatter is not YAML has its Markdown checked as the kind its `kind:` line names', async () => {
    const bad = 'title: A\ndescription: [unclosed\nkeywords: [x]';
    const d = await problems({
      // No `kind:` line: a doc, like a page whose YAML reads.
      'content/a.md': page(bad, 'Go [nowhere](/nowhere).'),
      // A kind's placeholder is no problem in a page of the kind its line names.
      'content/c.md': page(
        `kind: "reference-table"  # quoted, with a comment\n${bad}`,
        '::reference-table\n\n[Gone](/gone)',
      ),
      // Two `kind:` lines: the kind is unknown, and the body is not checked (a link, a refused attribute).
      'content/d.md': page(`kind: doc\nkind: api-operation\n${bad}`, '[Gone](/gone)\n\n<p style="color: red">Red</p>'),
    });
    expect(d.map((x) => `${x.file}:${x.line} ${x.rule}`).sort()).toEqual([
      'content/a.md:3 yaml-syntax',
      'content/a.md:6 broken-link',
      'content/c.md:4 yaml-syntax',
      'content/c.md:9 broken-link',
      // The second `kind:` is a duplicate key, a YAML error of its own.
      'content/d.md:3 yaml-syntax',
      'content/d.md:5 yaml-syntax',
    ]);
  });

  it('references to a data file that does not validate are counted on it, not listed one by one', async () => {
    const statuses = (await import('node:fs')).readFileSync(
      new URL('../fixtures/site/content/data/transaction_statuses.yaml', import.meta.url),
      'utf8',
    );
    const broken = statuses.replace('- code: created', '- code: [created]');
    const refs = (n: number) => Array.from({ length: n }, (_, i) => `Paid :status[paid] ${i}.`).join('\n\n');
    const d = await problems({
      'content/data/transaction_statuses.yaml': broken,
      'content/a.md': page(
        'title: A\ndescription: A description that is long enough.\nkeywords: [x]',
        `${refs(3)}\n\n[Gone](/gone)`,
      ),
      'content/b.md': page('title: B\ndescription: A description that is long enough.\nkeywords: [x]', refs(2)),
    });
    const held = d.filter((x) => x.rule === 'status-reference');
    // The five above and the fixture's one (content/index.md), in three files; on no line of it.
    expect(held).toEqual([
      {
        file: 'content/data/transaction_statuses.yaml',
        rule: 'status-reference',
        message:
          '6 status-reference problems in 3 files not listed: they ' +
          'are judged against this file, which does not validate',
        hint: "Fix this file's own problems first: the next run lists those that remain.",
      },
    ]);
    // The file's own problem and the problems of other rules are listed as they are.
    expect(d).toContainEqual(
      expect.objectContaining({ file: 'content/data/transaction_statuses.yaml', rule: 'data-file' }),
    );
    expect(d).toContainEqual(expect.objectContaining({ file: 'content/a.md', rule: 'broken-link' }));
    // Fixed, the references are judged again, each on its line.
    const fixed = await problems({
      'content/a.md': page('title: A\ndescription: A description that is long enough.\nkeywords: [x]', ':status[payd]'),
    });
    expect(fixed).toEqual([expect.objectContaining({ file: 'content/a.md', line: 6, rule: 'status-reference' })]);
  });

  it('a page the others are judged against does not validate: their problems are counted on it', async () => {
    const create = (await import('node:fs')).readFileSync(
      new URL('../fixtures/site/content/api/v2/transaction/create.md', import.meta.url),
      'utf8',
    );
    const d = await problems({
      'content/api/v2/transaction/create.md': create.replace('method: POST', 'method: PUSH'),
    });
    // The PIX page names next_action members of transaction/create's response, which is left out.
    expect(d.map((x) => `${x.file} ${x.rule}`).sort()).toEqual([
      'content/api/v2/transaction/create.md frontmatter',
      'content/api/v2/transaction/create.md undefined-field',
    ]);
    expect(d.find((x) => x.rule === 'undefined-field')!.message).toMatch(
      /^\d+ undefined-field problems? in 1 file not listed/,
    );
  });
});
