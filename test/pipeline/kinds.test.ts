import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { kinds, kindOf, kindContext } from '../../pipeline/kinds/index.ts';
import { directiveHandlers } from '../../pipeline/compile/directives/index.ts';
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import { compileContext } from '../../pipeline/compile/context.ts';
import { pageKinds, frontmatterByKind } from '../../schema/frontmatter.ts';
import { validateContent, type PageSource } from '../../pipeline/content/validate.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { fixtureRoot } from '../helpers.ts';

const site = validateContent(await loadContent(fixtureRoot)).site!;
const ctx = compileContext(site, kindContext(site.pages));
const group = site.pages.find((p) => p.frontmatter.kind === 'payment-group')!;
const compile = (p: PageSource, body = p.body) =>
  compilePage(
    { route: p.route, relFile: p.relFile, hash: p.hash, frontmatter: p.frontmatter, body, bodyLine: p.bodyLine },
    ctx,
  );

describe('page kinds', () => {
  it('one module per kind of the schema, and every kind placeholder is a directive', () => {
    expect(Object.keys(kinds)).toEqual(pageKinds);
    expect(Object.keys(frontmatterByKind)).toEqual(pageKinds);
    for (const k of Object.values(kinds))
      for (const name of k.placeholders ?? []) expect(directiveHandlers[name]?.form).toBe('leafDirective');
  });

  it('a payment group gets its variants table placeholder before the first h2, filled at link time', () => {
    const compiled = compile(group, 'Intro.\n\n## Details\n\nMore.');
    expect(toHtml(compiled.ast as never)).toMatch(
      /^<p>Intro.<\/p>\n<div data-placeholder="variants-table"><\/div><h2 id="details">/,
    );
    const hook = kindOf(group.frontmatter).link!;
    const inputs = hook.inputs(group, { pages: site.pages, position: () => undefined });
    expect(inputs.map((v: { route: string }) => v.route)).toEqual(['/services/pix/payin']);
    const before = JSON.stringify(compiled.ast);
    const filled = toHtml(hook.fill(compiled.ast, inputs) as never);
    // Its columns have their widths before its rows arrive (fixed layout), as a reference table's.
    expect(filled).toMatch(
      /<table class="variants-table fixed-columns tmin-\d+"><colgroup><col class="cw-\d+ cl-\d+">/,
    );
    expect(filled).toContain('<a href="/services/pix/payin">Payin</a>');
    expect(JSON.stringify(compiled.ast)).toBe(before);
  });

  it('an unknown table source is reported by the reference-table kind', () => {
    const table = site.pages.find((p) => p.frontmatter.kind === 'reference-table')!;
    const fm = { ...table.frontmatter, table: { source: 'data/nothing_here' } } as PageSource['frontmatter'];
    expect(compile({ ...table, frontmatter: fm }).issues).toEqual([
      expect.objectContaining({ rule: 'table-source', message: 'Unknown table source "data/nothing_here"' }),
    ]);
  });
});
