/**
 * The Markdown of pages whose frontmatter did not validate: compiled here, on this thread
 * (such pages are few, and never written), for their problems and their links alone. So a
 * run lists a page's broken links and refused HTML beside its frontmatter error, instead of
 * only once the frontmatter is fixed. What the page's kind generates from the frontmatter is
 * left out: it would need the fields that failed.
 */
import type { Frontmatter } from '../../schema/frontmatter.ts';
import type { UnvalidatedBody } from '../content/validate.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { CompileContext } from './context.ts';
import type { InternalLink } from './markdown.ts';
import { crashProblem } from './compile-all.ts';

export interface CheckedBodies {
  diagnostics: Diagnostic[];
  /** Each page's internal links, for the link check. */
  links: { relFile: string; links: InternalLink[] }[];
}

export async function checkBodies(bodies: UnvalidatedBody[], ctx: CompileContext): Promise<CheckedBodies> {
  const checked: CheckedBodies = { diagnostics: [], links: [] };
  if (!bodies.length) return checked;
  const { compilePage } = await import('./compile-page.ts');
  for (const body of bodies) {
    // Only `kind` is read from the frontmatter with markdownOnly; `title` names the page's first search section.
    const frontmatter = { kind: body.kind, title: '' } as Frontmatter;
    try {
      const page = compilePage({ ...body, frontmatter }, ctx, { markdownOnly: true });
      for (const { line, message, hint, rule } of page.issues)
        checked.diagnostics.push({ file: body.relFile, line, message, hint, rule });
      checked.links.push({ relFile: body.relFile, links: page.links });
    } catch (e) {
      checked.diagnostics.push(crashProblem(body.relFile, String((e as Error).message ?? e)));
    }
  }
  return checked;
}
