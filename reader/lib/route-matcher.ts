/**
 * The router's pattern compiler (wouter `parser`), memoised like Docusaurus's route
 * matcher: compiled patterns are cached up to 10000 (spec §9); past the limit new
 * patterns are compiled each time rather than evicting, so the cache never grows
 * without bound. Doc routes themselves are looked up in the manifest by address.
 */
import { parse } from 'regexparam';
import { ROUTE_CACHE_LIMIT } from './constants.ts';

type Compiled = { pattern: RegExp; keys: string[] };

export function createRouteParser(limit: number = ROUTE_CACHE_LIMIT) {
  const cache = new Map<string, Compiled>();
  const parser = (route: string, loose?: boolean): Compiled => {
    const key = `${loose ? 'l' : 's'}:${route}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const compiled = parse(route, Boolean(loose)) as Compiled;
    if (cache.size < limit) cache.set(key, compiled);
    return compiled;
  };
  return Object.assign(parser, { cacheSize: () => cache.size });
}

export const routeParser = createRouteParser();
