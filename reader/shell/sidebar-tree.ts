/**
 * What a sidebar item holds: asked by the sidebar (which categories are open) and by the
 * not-found page (which categories a section address names: reader/page/section-pages.ts).
 */
import type { SidebarItemOut } from '../../schema/manifest.ts';

/**
 * Every address in a sidebar item's subtree, made once per item: asking each category whether it
 * holds the current page by walking its subtree walked the whole sidebar for every page rendered
 * (growing with the square of the site; measured: bench/HISTORY.md, sidebar subtrees).
 */
const addressesBelow = new WeakMap<SidebarItemOut, Set<string>>();
export function addressesOf(item: SidebarItemOut): Set<string> {
  let addresses = addressesBelow.get(item);
  if (!addresses) {
    addresses = new Set(item.href ? [item.href] : []);
    for (const child of item.items ?? []) for (const href of addressesOf(child)) addresses.add(href);
    addressesBelow.set(item, addresses);
  }
  return addresses;
}

/** Whether a category holds the page at `path` (at any depth): such a category is open, and marked. */
export const contains = (item: SidebarItemOut, path: string): boolean => addressesOf(item).has(path);
