/** Folders are URLs: content/a/b.md → /a/b, content/a/index.md → /a, content/index.md → /. */
export function routeOf(relativePath: string): string {
  const noExt = relativePath.replace(/\\/g, '/').replace(/\.md$/, '');
  const trimmed = noExt === 'index' ? '' : noExt.replace(/\/index$/, '');
  return `/${trimmed}`;
}

/** Where a route's page JSON lives inside dist: `_data/pages/<route>.json` (`index` for `/`). */
export function pageDataPath(route: string): string {
  return `_data/pages/${route === '/' ? 'index' : route.slice(1)}.json`;
}

/** Where a route's prerendered HTML lives inside dist. */
export function htmlPath(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** Normalise an address as the spec says: drop `index.html` / `.html` and a trailing slash. */
export function normalisePath(pathname: string): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}
