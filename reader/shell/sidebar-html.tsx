/**
 * The sidebar list's HTML for prerendering (Node only: reader/render.tsx provides it to
 * Sidebar.tsx). Rendering the list for every page was a large part of the prerender's CPU
 * (measured: bench/HISTORY.md, sidebar HTML), and pages differ in it only
 * by which categories are open and which link is current. So React renders the list once
 * per set of open categories, and a page whose set was rendered already gets that HTML with
 * the current link moved: the link of the page it was rendered for made plain, this page's
 * made current, as React writes them. Where that cannot be done exactly (an address HTML would escape, or a
 * link not written as expected), React renders the list for the page.
 * test/reader/sidebar-html.test.tsx checks the result against React's own on every page.
 */
import { renderToString } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { Router } from 'wouter';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import { SidebarList } from './Sidebar.tsx';
import { contains } from './sidebar-tree.ts';
import { escapeRegExp } from '../../schema/regexp.ts';

interface Rendered {
  path: string;
  html: string;
}

/**
 * Per sidebar (a manifest's items), the list rendered for the sets of open categories seen last.
 * Pages come in site order, a section's together: a few sets serve nearly every hit, and all of
 * them held memory per thread growing with the site (measured: bench/HISTORY.md, sidebar HTML).
 */
const renderedBySidebar = new WeakMap<SidebarItemOut[], LRUCache<string, Rendered>>();
const SETS_KEPT = 16;

/** How many lists React rendered (the rest had their current link moved): for the test. */
export const sidebarRenders = { count: 0 };

export function sidebarListHtml(items: SidebarItemOut[], path: string): string {
  let bySet = renderedBySidebar.get(items);
  if (!bySet) renderedBySidebar.set(items, (bySet = new LRUCache({ max: SETS_KEPT })));
  const openSet = openCategories(items, path);
  const kept = bySet.get(openSet);
  const moved = kept && moveCurrentLink(kept.html, kept.path, path);
  if (moved !== undefined) return moved;
  sidebarRenders.count++;
  const html = renderToString(
    <Router ssrPath={path} ssrSearch="">
      <SidebarList items={items} path={path} />
    </Router>,
  );
  if (!kept) bySet.set(openSet, { path, html });
  return html;
}

/** The categories that hold `path`, by their places in the tree ("0.2 0.2.1"): the open ones a path adds. */
function openCategories(items: SidebarItemOut[], path: string, at = ''): string {
  let set = '';
  items.forEach((item, i) => {
    if (item.type === 'category' && contains(item, path))
      set += ` ${at}${i}${openCategories(item.items ?? [], path, `${at}${i}.`)}`;
  });
  return set;
}

/** React escapes these in an attribute: an address with one is not moved by text. */
const ESCAPED = /[&"'<>]/;

/**
 * `html` (the list rendered with `from` current) with `to` current instead: every link to
 * `from` made plain and every link to `to` made current, exactly as SidebarList writes them
 * (`aria-current` first, then `href`, then the class with ` active`). Undefined when a
 * link to either is not written that way.
 */
export function moveCurrentLink(html: string, from: string, to: string): string | undefined {
  if (from === to) return html;
  if (ESCAPED.test(from) || ESCAPED.test(to)) return undefined;
  const links = (href: string) => html.split(`href="${href}"`).length - 1;
  let plain = 0,
    current = 0;
  const moved = html
    .replace(
      new RegExp(`<a aria-current="page" href="${escapeRegExp(from)}" class="(sidebar-link[^"]*) active">`, 'g'),
      (_, className: string) => {
        plain++;
        return `<a href="${from}" class="${className}">`;
      },
    )
    .replace(new RegExp(`<a href="${escapeRegExp(to)}" class="(sidebar-link[^"]*)">`, 'g'), (_, className: string) => {
      current++;
      return `<a aria-current="page" href="${to}" class="${className} active">`;
    });
  return plain === links(from) && current === links(to) ? moved : undefined;
}
