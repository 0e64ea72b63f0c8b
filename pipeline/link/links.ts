/**
 * Stage: link check. Every internal link must name a route of the site (or a
 * static file). Broken anchors are ignored, as the spec says.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { normalisePath } from '../content/routes.ts';
import type { InternalLink } from '../compile/markdown.ts';

/** Routes the reader serves that no Markdown file produces. */
export const BUILT_IN_ROUTES = ['/search'];

function suggest(target: string, routes: string[]): string | undefined {
  const last = target.split('/').pop();
  const candidates = routes.filter((r) => r.split('/').pop() === last);
  return candidates.length ? `Did you mean ${candidates.slice(0, 3).join(' or ')}?` : undefined;
}

export function checkLinks(
  pages: { relFile: string; links: InternalLink[] }[],
  routes: Set<string>,
  staticFiles: Set<string>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const all = [...routes];
  for (const page of pages) {
    for (const link of page.links) {
      const pathOnly = link.url.split('#')[0].split('?')[0];
      if (!pathOnly) continue; // same-page anchor
      if (staticFiles.has(pathOnly.slice(1))) continue;
      let decoded: string;
      try { decoded = decodeURI(pathOnly); } catch {
        out.push({ file: page.relFile, line: link.line, rule: 'link-encoding', message: `Expected a link with valid percent-encoding (%XX of UTF-8 bytes), found "${link.url}"`, hint: 'Write the characters themselves, or encode each byte as %XX (a lone "%" is "%25").' });
        continue;
      }
      const target = normalisePath(decoded);
      if (routes.has(target) || BUILT_IN_ROUTES.includes(target)) continue;
      out.push({
        file: page.relFile, line: link.line, rule: 'broken-link',
        message: `Broken link "${link.url}": no page has the route ${target}`,
        hint: suggest(target, all) ?? 'Link to a route listed in the manifest (folders are URLs: content/a/b.md → /a/b).',
      });
    }
  }
  return out;
}
