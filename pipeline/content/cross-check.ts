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
import type { StageMemo } from '../incremental/memo.ts';

export type { CodeLists } from '../kinds/index.ts';

/** `memo`: identifier examples depend on their page alone, so they are checked again only when it changed (a dev save). */
export function crossCheck(site: SiteModel, codes: CodeLists, memo?: StageMemo): Diagnostic[] {
  const examples = (page: SiteModel['pages'][number]) => (memo
    ? memo.runSync('identifier-examples', [page.relFile, page.route, page.hash], () => checkIdentifierExamples(page))
    : checkIdentifierExamples(page));
  return site.pages.flatMap((page) => [...(kindOf(page.frontmatter).crossCheck?.(page, site, codes) ?? []), ...examples(page)]);
}
