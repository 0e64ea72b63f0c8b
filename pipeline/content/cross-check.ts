/**
 * Stage: cross-check. Rules that need more than one file — ISO codes, references into
 * the data files, unique service ids, payment groups and their variants, API
 * operations against their route — each written in its page kind's module
 * (pipeline/kinds/<kind>/), and the identifier examples of every page
 * (pipeline/identifiers/). Pure: (site, codes) → diagnostics.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { SiteModel } from './validate.ts';
import { kindOf, type CodeLists } from '../kinds/index.ts';
import { checkIdentifierExamples } from '../identifiers/examples.ts';

export type { CodeLists } from '../kinds/index.ts';

export function crossCheck(site: SiteModel, codes: CodeLists): Diagnostic[] {
  return site.pages.flatMap((page) => [...(kindOf(page.frontmatter).crossCheck?.(page, site, codes) ?? []), ...checkIdentifierExamples(page)]);
}
