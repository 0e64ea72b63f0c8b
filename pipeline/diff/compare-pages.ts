/**
 * Stage (paydocs diff): the routes and anchors of two builds → pages added, removed or moved (a
 * removed route and an added one with the same title and kind), and anchors a page no longer has.
 * Links from outside (bookmarks, other sites, support answers) break on each but an addition:
 * the suggestion names the redirect that keeps them working.
 */
import type { PageChange } from '../../schema/diff-report.ts';
import type { BuildPage, BuildSnapshot } from './read-build.ts';

const sameness = (p: BuildPage) => `${p.kind}\u0000${p.title}`;

/** A removed route → the added route that took its page, when exactly one did. */
function moves(base: Map<string, BuildPage>, head: Map<string, BuildPage>): Map<string, string> {
  const added = new Map<string, string[]>();
  for (const [route, page] of head)
    if (!base.has(route)) added.set(sameness(page), [...(added.get(sameness(page)) ?? []), route]);
  const out = new Map<string, string>();
  for (const [route, page] of base) {
    if (head.has(route)) continue;
    const to = added.get(sameness(page));
    if (to?.length === 1) out.set(route, to[0]!);
  }
  return out;
}

export function comparePages(base: BuildSnapshot, head: BuildSnapshot): PageChange[] {
  const out: PageChange[] = [];
  const moved = moves(base.pages, head.pages);
  const movedTo = new Set(moved.values());
  for (const [route, page] of base.pages) {
    const next = head.pages.get(route);
    const to = moved.get(route);
    if (to)
      out.push({
        change: 'moved',
        route,
        to,
        title: page.title,
        suggestion: `Redirect ${route} to ${to} (301), anchors included.`,
      });
    else if (!next)
      out.push({
        change: 'removed',
        route,
        title: page.title,
        suggestion: `Redirect ${route} (301) to the page that now covers it.`,
      });
    else
      for (const anchor of [...page.anchors].filter((a) => !next.anchors.has(a)).sort())
        out.push({
          change: 'anchor-removed',
          route,
          anchor,
          title: page.title,
          suggestion:
            `Links to ${route}#${anchor} now land at the top of the page: ` +
            "keep the heading's text (its id), or update the links you know of.",
        });
  }
  for (const [route, page] of head.pages)
    if (!base.pages.has(route) && !movedTo.has(route)) out.push({ change: 'added', route, title: page.title });
  return out.sort((x, y) => x.route.localeCompare(y.route));
}
