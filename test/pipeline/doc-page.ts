/**
 * A `doc` page compiled from its body alone, against the fixture site's config and data: what
 * the Markdown tests (compile, directives, near misses, hostile Markdown) compile.
 */
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import type { CompileContext } from '../../pipeline/compile/context.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { fixtureRoot } from '../helpers.ts';

/** The fixture site's validated model. */
export const fixtureSite = validateContent(await loadContent(fixtureRoot)).site!;

/**
 * `doc(body)`: the page /t (content/t.md) with that body, its first line at `bodyLine`.
 * `context` adds to the compile context: the fixture's config and data, Brazil a method's country.
 */
export function docCompiler({
  bodyLine = 1,
  context = {},
}: {
  bodyLine?: number;
  context?: Partial<CompileContext>;
} = {}) {
  const ctx: CompileContext = {
    config: fixtureSite.config,
    data: fixtureSite.data,
    kinds: { methodCountries: ['BR'] },
    ...context,
  };
  return (body: string) =>
    compilePage(
      {
        route: '/t',
        relFile: 'content/t.md',
        hash: 'x',
        bodyLine,
        body,
        frontmatter: { kind: 'doc', title: 'T', description: 'd', keywords: ['k'], tags: [], hide_toc: false },
      },
      ctx,
    );
}
