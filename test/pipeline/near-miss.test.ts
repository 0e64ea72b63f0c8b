/**
 * Near misses (pipeline/near-miss.ts): a misspelled reference, directive, table source or
 * route is reported with the nearest name that exists, and an inline directive whose name
 * is one typo from a known one is no longer printed as plain text without a word.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { toHtml } from 'hast-util-to-html';
import type { CompileContext } from '../../pipeline/compile/context.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { checkLinks } from '../../pipeline/link/links.ts';
import { crossCheck } from '../../pipeline/content/cross-check.ts';
import { currencyMinorUnits, isCountryCode, isCurrencyCode } from '../../pipeline/sources/index.ts';
import { nearest } from '../../pipeline/near-miss.ts';
import { fixtureCopy, fixtureRoot } from '../helpers.ts';
import { docCompiler } from './doc-page.ts';

const doc = docCompiler({ context: { diagrams: [{ id: 'hpp' }, { id: 'h2h' }] as CompileContext['diagrams'] } });

describe('nearest', () => {
  it('finds a close spelling, case-insensitively, and nothing for a word that only shares letters', () => {
    expect(nearest('stauts', ['status', 'error', 'reason', 'host'])).toBe('status');
    expect(nearest('Eror', ['status', 'error'])).toBe('error');
    expect(nearest('moon', ['status', 'error', 'host'])).toBeUndefined();
    expect(nearest('x', [])).toBeUndefined();
  });
});

describe('near misses in a page body', () => {
  it('a misspelled inline reference is a named error with the directive it meant', () => {
    const page = doc('The payment is :stauts[success] now.');
    expect(page.issues).toEqual([
      {
        line: 1,
        rule: 'unknown-directive',
        message: 'Unknown inline directive ":stauts[success]": it would print as plain text',
        hint: 'Did you mean ":status[success]"?',
      },
    ]);
    // Text that only looks like a directive stays text, without a problem.
    expect(doc('At 10:30, a ratio 1:2, UTC:Z and :tabs here.').issues).toEqual([]);
  });

  it('an unknown code, host, directive or diagram names the nearest one', () => {
    const hints = (body: string) => doc(body).issues.map((i) => [i.rule, i.hint?.split('?')[0]]);
    expect(hints(':status[sucess] and :error[invalid_signatur]')).toEqual([
      ['status-reference', 'Did you mean "success"'],
      ['error-reference', 'Did you mean "invalid_signature"'],
    ]);
    expect(hints(':host[sandbox.apj]')).toEqual([['host-reference', 'Did you mean "sandbox.api"']]);
    expect(hints(':::notee\nText\n:::')).toEqual([['unknown-directive', 'Did you mean "note"']]);
    expect(hints('::diagram[hp]')).toEqual([['diagram-reference', 'Did you mean "hpp"']]);
    expect(hints('::data-table[data/test_card]')).toEqual([['table-source', 'Did you mean "data/test_cards"']]);
    // Nothing close: the list of what exists, without a guess.
    expect(doc(':status[zzzzzzzz]').issues[0].hint).toBe('Use a code from content/data/transaction_statuses.yaml.');
  });

  it('a misspelled reference still renders its text', () => {
    expect(toHtml(doc('Now :stauts[success].').ast as never)).toContain('Now :stauts[success].');
  });
});

describe('a broken link', () => {
  it('names the nearest existing route', () => {
    const [found] = checkLinks(
      [{ relFile: 'content/a.md', links: [{ url: '/refrence/test_cards#visa', line: 3 }] }],
      new Set(['/reference/test_cards', '/reference/transaction_statuses', '/introduction']),
      new Set(),
    );
    expect(found.hint).toBe('Did you mean /reference/test_cards?');
  });
});

describe('a misspelled code in frontmatter', () => {
  it("names the nearest code of the data file (an API operation's errors)", async () => {
    const file = 'content/api/v2/transaction/create.md';
    const text = readFileSync(`${fixtureRoot}/${file}`, 'utf8');
    const copy = await fixtureCopy({
      [file]: text.replace(
        'errors: [invalid_signature, validation_error]',
        'errors: [invalid_signatur, validation_error]',
      ),
    });
    try {
      const model = validateContent(await loadContent(copy.root)).site!;
      const found = crossCheck(model, { isCountryCode, isCurrencyCode, currencyMinorUnits });
      expect(found.map((d) => [d.rule, d.hint])).toEqual([
        ['api-error-code', 'Did you mean "invalid_signature"? Use a code from content/data/api_error_codes.yaml.'],
      ]);
    } finally {
      await copy.cleanup();
    }
  });
});
