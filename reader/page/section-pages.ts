/**
 * The pages of a section address: `/api/v2`, `/cabinet` or `/services` is the folder of
 * many pages but no page itself, and readers trim an address to it. The not-found page
 * then lists what is there, from the sidebar: every outermost category whose pages all
 * live under the address (`/api` → "API v2", "API v1" and "Reports API"), or, when no
 * category is, the pages under it by title.
 */
import type { SidebarItemOut, Manifest } from '../../schema/manifest.ts';
import { isExternal } from '../../schema/paths.ts';
import { addressesOf } from '../shell/sidebar-tree.ts';

/** A page, or a category (with or without a page of its own) and what it holds. */
export interface SectionEntry {
  label: string;
  href?: string;
  items?: SectionEntry[];
}
export interface SectionPages {
  path: string;
  entries: SectionEntry[];
}

/** The address as the folder it names: `/api/v2/`, `/api/v2/index.html` → `/api/v2`. */
export function sectionPath(address: string): string {
  let path = address;
  try {
    path = decodeURI(address);
  } catch {
    /* a malformed escape: use the address as it is */
  }
  return path.replace(/(?:\/index)?(?:\.html?)?\/*$/i, '').toLowerCase();
}

/** A category's items as the list shows them: a category with a page is one link, one without lists its own. */
function entriesOf(items: SidebarItemOut[]): SectionEntry[] {
  return items.flatMap((item): SectionEntry[] => {
    if (item.href) return isExternal(item.href) ? [] : [{ label: item.label, href: item.href }];
    const inner = entriesOf(item.items ?? []);
    return inner.length ? [{ label: item.label, items: inner }] : [];
  });
}

/** What lives under `address`, or undefined when it is no section (or a page, or the home page). */
export function sectionPages(
  address: string,
  manifest: Pick<Manifest, 'routes' | 'sidebars'>,
): SectionPages | undefined {
  const path = sectionPath(address);
  if (!path || manifest.routes[path]) return undefined;
  const under = (route: string) => route.toLowerCase().startsWith(`${path}/`);
  const entries: SectionEntry[] = [];
  const visit = (items: SidebarItemOut[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      const routes = [...addressesOf(item)].filter((href) => !isExternal(href));
      if (routes.length && routes.every(under))
        entries.push({ label: item.label, href: item.href, items: entriesOf(item.items ?? []) });
      else visit(item.items ?? []);
    }
  };
  visit(manifest.sidebars.docs ?? []);
  if (!entries.length) {
    for (const [route, { title }] of Object.entries(manifest.routes))
      if (under(route)) entries.push({ label: title, href: route });
  }
  if (!entries.length) return undefined;
  // One category without a page of its own: its items are the list (its name is in the sidebar).
  const [only] = entries;
  return { path, entries: entries.length === 1 && !only.href && only.items ? only.items : entries };
}
