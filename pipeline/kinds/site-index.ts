/**
 * Lookups over a site's pages that the kinds' cross-checks and link inputs share,
 * made once per page list: each of them used to scan every page for every page
 * (the methods of a group, the first page of a service, transaction/create for every
 * method page), which is quadratic (measured: bench/HISTORY.md, site index; issue 52).
 */
import type { PageSource } from '../content/validate.ts';
import type { PageOf } from './types.ts';

export interface SiteIndex {
  /** Payment-method pages by `method.group`, in page order. */
  methodsByGroup: Map<string, PageOf<'payment-method'>[]>;
  /** The first payment-method page (in page order) of each `method.service`. */
  firstByService: Map<string, PageOf<'payment-method'>>;
  /** api-operation pages by `api.path` (`/v1/transaction/find`): a v2 operation's v1 counterpart. */
  operationByPath: Map<string, PageOf<'api-operation'>>;
  /** api-operation pages by route: transaction/create, whose definitions method pages and other operations share. */
  operationByRoute: Map<string, PageOf<'api-operation'>>;
}

const made = new WeakMap<readonly PageSource[], SiteIndex>();

export function siteIndex(pages: readonly PageSource[]): SiteIndex {
  let index = made.get(pages);
  if (index) return index;
  index = {
    methodsByGroup: new Map(),
    firstByService: new Map(),
    operationByPath: new Map(),
    operationByRoute: new Map(),
  };
  for (const p of pages) {
    if (p.frontmatter.kind === 'api-operation') {
      index.operationByPath.set(p.frontmatter.api.path, p as PageOf<'api-operation'>);
      index.operationByRoute.set(p.route, p as PageOf<'api-operation'>);
    }
    if (p.frontmatter.kind !== 'payment-method') continue;
    const page = p as PageOf<'payment-method'>;
    const { group, service } = page.frontmatter.method;
    const list = index.methodsByGroup.get(group);
    if (list) list.push(page);
    else index.methodsByGroup.set(group, [page]);
    if (!index.firstByService.has(service)) index.firstByService.set(service, page);
  }
  made.set(pages, index);
  return index;
}
