/**
 * Address rules shared by the router (browser) and the servers and link check (Node):
 * one copy, so a URL the server redirects to is the route the reader shows.
 * Browser-safe: no `node:` imports.
 */

/** Normalise an address as the spec says: drop `index.html` / `.html` and a trailing slash. */
export function normalisePath(pathname: string): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** The address a link of the site names, without its query and anchor: `/a/?x=1#y` → `/a`. */
export const linkedPath = (href: string): string => normalisePath(href.split(/[?#]/)[0]);

/**
 * Whether an address names a file, never a page: its last segment has a dot (a page's path
 * has none, pipeline/content/routes.ts), `.html` aside — `/introduction.md`, `/img/logo.svg`.
 */
export const namesFile = (pathname: string): boolean => /\.[^/]*$/.test(pathname) && !/\.html$/.test(pathname);

/** Whether a link leaves the site: it has a scheme (`https:`, `mailto:`) or is protocol-relative. */
export const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
