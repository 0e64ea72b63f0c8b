/**
 * Stage: link check. Every internal link must name a route of the site, a file of
 * content/public, or a file the build makes (a Markdown twin, llms.txt, an OpenAPI
 * document…). Broken anchors are ignored, as the spec says.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { SiteModel } from '../content/validate.ts';
import { linkableNames } from '../emit/build-names.ts';
import { quoted, tooLongToQuote } from '../quoted.ts';
import { normalisePath } from '../../schema/paths.ts';
import type { InternalLink } from '../compile/markdown.ts';
import { nearest } from '../near-miss.ts';

/** Routes the reader serves that no Markdown file produces. */
export const BUILT_IN_ROUTES = ['/search'];

/** The routes a broken link probably meant: a near spelling of the whole route, or routes with its last segment. */
function suggest(target: string, routes: string[]): string | undefined {
  const last = target.split('/').pop();
  const near = nearest(target, routes);
  const candidates = [...new Set([...(near ? [near] : []), ...routes.filter((r) => r.split('/').pop() === last)])];
  return candidates.length ? `Did you mean ${candidates.slice(0, 3).join(' or ')}?` : undefined;
}

export function checkLinks(
  pages: { relFile: string; links: InternalLink[] }[],
  routes: Set<string>,
  staticFiles: Set<string>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const all = [...routes];
  // The site's links name far fewer addresses than they are: each is judged once (a dev save runs
  // this check over every page; measured: bench/HISTORY.md, link verdicts).
  const verdicts = new Map<string, Omit<Diagnostic, 'file' | 'line'> | null>();
  const judge = (url: string): Omit<Diagnostic, 'file' | 'line'> | null => {
    const pathOnly = url.split('#')[0].split('?')[0];
    if (!pathOnly) return null; // same-page anchor
    if (staticFiles.has(pathOnly.slice(1))) return null;
    let decoded: string;
    try {
      decoded = decodeURI(pathOnly);
    } catch {
      return {
        rule: 'link-encoding',
        message: `Expected a link with valid percent-encoding (%XX of UTF-8 bytes), found ${quoted(url)}`,
        hint: 'Write the characters themselves, or encode each byte as %XX (a lone "%" is "%25").',
      };
    }
    const target = normalisePath(decoded);
    if (routes.has(target) || BUILT_IN_ROUTES.includes(target)) return null;
    return {
      rule: 'broken-link',
      message:
        `Broken link ${quoted(url)}: ` +
        `${tooLongToQuote(target) ? 'no page has that route' : `no page has the route ${target}`}`,
      hint: suggest(target, all) ?? 'Link to a route listed in the manifest (folders are URLs: content/a/b.md → /a/b).',
    };
  };
  for (const page of pages) {
    for (const link of page.links) {
      let verdict = verdicts.get(link.url);
      if (verdict === undefined) verdicts.set(link.url, (verdict = judge(link.url)));
      if (verdict) out.push({ file: page.relFile, line: link.line, ...verdict });
    }
  }
  return out;
}

/** Every internal link of the site: its pages' (`linksOf`), and `more` (pages whose frontmatter failed). */
export function checkSiteLinks(
  site: Pick<SiteModel, 'pages' | 'invalidRoutes'>,
  linksOf: (route: string) => InternalLink[],
  more: { relFile: string; links: InternalLink[] }[],
  publicFiles: string[],
): Diagnostic[] {
  // A link to a page that did not validate is not broken: that page's own problems are listed.
  const routes = new Set([...site.pages.map((p) => p.route), ...site.invalidRoutes]);
  const links = [...site.pages.map((p) => ({ relFile: p.relFile, links: linksOf(p.route) })), ...more];
  return checkLinks(links, routes, new Set([...publicFiles, ...linkableNames(site.pages)]));
}
