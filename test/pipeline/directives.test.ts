import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { docCompiler, fixtureSite } from './doc-page.ts';

const doc = docCompiler();

describe('Markdown directives', () => {
  it('an unknown directive is reported with the names that exist', () => {
    const page = doc('::::callout\nText\n::::');
    expect(page.issues).toEqual([
      {
        line: 1,
        rule: 'unknown-directive',
        message: 'Unknown directive "callout"',
        hint:
          'Known: note, tip, info, warning, danger, details, tabs, changelog, method-flow, refunds, ' +
          'variants-table, reference-table, data-table, diagram, status, error, reason, host.',
      },
    ]);
  });

  it('a known name in the wrong form is unknown too; an unknown text directive stays text', () => {
    expect(doc('::note').issues.map((i) => i.rule)).toEqual(['unknown-directive']);
    const page = doc('At 10:30 and :tabs here.');
    expect(page.issues).toEqual([]);
    expect(toHtml(page.ast as never)).toContain('At 10:30 and :tabs here.');
  });

  it('admonitions take a default title; tabs accept only code blocks', () => {
    expect(toHtml(doc(':::tip\nA tip.\n:::').ast as never)).toContain(
      '<aside class="admonition admonition-tip" role="note" aria-label="Tip"><p class="admonition-title">Tip</p>',
    );
    const tabs = doc('::::tabs{group=os}\nSome prose.\n::::');
    expect(tabs.issues).toEqual([expect.objectContaining({ rule: 'tabs', line: 1 })]);
    expect(toHtml(tabs.ast as never)).toContain('<div class="tabs" data-group="os">');
  });

  it('host references resolve from the site environments', () => {
    const page = doc('Call :host[sandbox.api] or :host[moon.api].');
    expect(toHtml(page.ast as never)).toContain(
      `<code>${(fixtureSite.config.environments as Record<string, Record<string, string>>).sandbox.api}</code>`,
    );
    expect(page.issues).toEqual([
      expect.objectContaining({ rule: 'host-reference', message: 'Unknown host "moon.api"' }),
    ]);
  });

  it('a placeholder of another kind is named and left out on a doc page', () => {
    const page = doc('::variants-table');
    expect(toHtml(page.ast as never)).toBe('');
    expect(page.issues).toEqual([expect.objectContaining({ rule: 'placeholder-kind', line: 1 })]);
  });
});
