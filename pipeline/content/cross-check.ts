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
import { sha } from '../hash.ts';
import { checkReleaseChanges } from '../kinds/api-operation/lifecycle-check.ts';

export type { CodeLists } from '../kinds/index.ts';

/**
 * `memo`: a page's kind checks read the page, the data files and config (`sharedHash`) and
 * the other pages' frontmatter, never their bodies (a kind check that reads more of the
 * site adds it to `siteFacts`); its identifier examples read the page alone. Kept under
 * those, a body edit checks that page again and no other (measured: bench/HISTORY.md, cross-check per page).
 */
export function crossCheck(site: SiteModel, codes: CodeLists, memo?: StageMemo): Diagnostic[] {
  const kindChecks = (page: SiteModel['pages'][number]) =>
    kindOf(page.frontmatter).crossCheck?.(page, site, codes) ?? [];
  const today = new Date().toISOString().slice(0, 10);
  if (!memo)
    return [
      ...checkReleaseChanges(site, today),
      ...site.pages.flatMap((page) => [...kindChecks(page), ...checkIdentifierExamples(page)]),
    ];
  const siteFacts = sha(
    JSON.stringify([site.sharedHash, site.pages.map((p) => [p.relFile, p.route, p.frontmatterHash])]),
  );
  // The releases' declared changes read releases.yaml and the operations' frontmatter: one pass over
  // the site, kept under those (and the day) like the kind checks — a body edit does not check them again.
  const releases = memo.runSync('release-changes', [siteFacts, today], () => checkReleaseChanges(site, today));
  return releases.concat(
    site.pages.flatMap((page) => [
      ...memo.runSync('cross-check', [page.relFile, page.route, page.hash, siteFacts], () => kindChecks(page)),
      ...memo.runSync('identifier-examples', [page.relFile, page.route, page.hash], () =>
        checkIdentifierExamples(page),
      ),
    ]),
  );
}
