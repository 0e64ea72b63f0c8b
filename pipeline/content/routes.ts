import type { Diagnostic } from '../diagnostics.ts';
import type { RawPage } from './load.ts';
import { BUILD_FOLDERS } from '../../schema/dist-layout.ts';

/** Folders are URLs: content/a/b.md → /a/b, content/a/index.md → /a, content/index.md → /. */
export function routeOf(relativePath: string): string {
  const noExt = relativePath.replace(/\\/g, '/').replace(/\.md$/, '');
  const trimmed = noExt === 'index' ? '' : noExt.replace(/\/index$/, '');
  return `/${trimmed}`;
}

/**
 * A page's path is its URL: `#`, `?`, spaces and `%` would break it, a dot makes it look
 * like a file (`/a.md` is a page's Markdown twin), and capitals make two URLs that one
 * case-insensitive disk (macOS, Windows) cannot keep apart. The real site's 272 routes are
 * all lowercase letters, digits, `-` and `_`.
 */
const ROUTE_SEGMENT = /^[a-z0-9_-]+$/;

export function misnamedRoute(raw: RawPage): Diagnostic | undefined {
  const segments = raw.route.split('/').filter(Boolean);
  if (segments.every((s) => ROUTE_SEGMENT.test(s))) return undefined;
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'page';
  const renamed = raw.relFile.replace(/[^/]+(?=\/|$)/g, (part) =>
    part.endsWith('.md') ? `${slug(part.slice(0, -3))}.md` : ROUTE_SEGMENT.test(part) ? part : slug(part),
  );
  return {
    file: raw.relFile,
    line: 1,
    rule: 'route-name',
    message: `Expected a path of lowercase letters, digits, "-" and "_" (it is the page's URL), found "${raw.route}"`,
    hint: `Rename it to ${renamed}, and update the links to it.`,
  };
}

/**
 * A page may not be published inside a folder the build fills itself (`assets/`, `_data/`):
 * `content/assets.md` became dist/assets/index.html, which hosts keep for a year under a
 * name that does not change with its content.
 */
export function reservedRoute(raw: RawPage): Diagnostic | undefined {
  const first = raw.route.split('/')[1];
  if (!BUILD_FOLDERS.includes(first)) return undefined;
  const inFolder = raw.route !== `/${first}`;
  return {
    file: raw.relFile,
    line: 1,
    rule: 'route-reserved',
    message:
      "Expected a path outside the build's folders " +
      `(${BUILD_FOLDERS.map((f) => `${f}/`).join(', ')}), found "${raw.route}"`,
    hint: inFolder
      ? `Move it out of content/${first}/ (the build writes dist/${first}/ itself), and update the links to it.`
      : `Rename it (the build writes dist/${first}/ itself), and update the links to it.`,
  };
}
