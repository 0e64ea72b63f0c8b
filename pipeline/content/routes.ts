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

/** The reader routes with the same rule, so it lives in the neutral layer. */
export { normalisePath } from '../../schema/paths.ts';
