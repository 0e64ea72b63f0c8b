/**
 * What `get_page` is given → a route of the site and an anchor: a full URL of the site
 * (`https://docs.example/x#y`, its `.md` twin or `.html` address too), a route (`/x`, `x`,
 * `/x/`), or either with `#anchor`. An unknown route is answered with the pages the reader's
 * 404 page would suggest for its words (the same search, schema/path-words.ts).
 */
import { normalisePath } from '../../schema/paths.ts';
import { pathWords } from '../../schema/path-words.ts';
import { didYouMean, quoted, ToolError } from './results.ts';
import type { Site } from './site.ts';

export interface PageAddress {
  route: string;
  anchor?: string;
}

/** Pages whose words are nearest the address's: the 404 page's suggestions. */
export async function suggestedRoutes(site: Site, route: string, count = 3): Promise<string[]> {
  const words = pathWords(route);
  if (!words) return [];
  return (await site.search.query(words, { limit: count })).map((p) => p.route);
}

function splitUrl(site: Site, input: string): { pathname: string; hash: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ToolError(
      `Expected a URL of the site (${site.origin}/…) or a route (/request_format, ` +
        `/api/v2/transaction/create#errors); ${quoted(input)} is not a valid URL.`,
    );
  }
  if (url.origin !== site.origin && !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname))
    throw new ToolError(
      `Expected a URL of the site, ${site.origin}/…; ${quoted(input)} is ` +
        `on ${url.origin}. Pass its route instead (e.g. ${url.pathname}).`,
    );
  return { pathname: decodeURIComponent(url.pathname), hash: url.hash.slice(1) };
}

/** The route and anchor an input names; ToolError (with the nearest pages) when no page has that route. */
export async function resolveAddress(site: Site, input: string): Promise<PageAddress> {
  const value = input.trim();
  if (!value)
    throw new ToolError('Expected a route (e.g. /request_format) or a URL of the site, found an empty string.');
  const { pathname, hash } = /^[a-z][a-z0-9+.-]*:/i.test(value)
    ? splitUrl(site, value)
    : {
        pathname: value.split('#')[0].split('?')[0],
        hash: value.includes('#') ? value.slice(value.indexOf('#') + 1) : '',
      };
  const route = normalisePath(`/${pathname.replace(/^\/+/, '')}`.replace(/\.md$/, '').replace(/\/index$/, '/'));
  if (!site.manifest.routes[route]) {
    const near = await suggestedRoutes(site, route);
    throw new ToolError(
      `No page has the route ${quoted(route)}. Expected one of the site's ` +
        `${site.routes.length} routes (search_docs finds them by topic).${didYouMean(near)}`,
    );
  }
  return hash ? { route, anchor: decodeURIComponent(hash) } : { route };
}
