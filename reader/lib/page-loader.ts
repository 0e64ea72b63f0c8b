/**
 * The page loader the router is given (VitePress-style seam): fetches page JSON by
 * route through the manifest, memoises each route's promise, and prefetches. A page with
 * generated content (an API page's samples and error table: schema/generated/) is printed
 * with the generated-content chunk, loaded for such pages alone. A prefetch only fetches:
 * the page is decoded, and its samples printed, when it is loaded — decoding every API page
 * linked from the one on screen kept the main thread busy right after it hydrated
 * (measured: bench/HISTORY.md, Lighthouse).
 */
import type { Manifest } from '../../schema/manifest.ts';
import type { PageFile, ReaderPage } from '../../schema/page.ts';
import { ContentVersionError, generatedIn, pageFromFile, type Generate } from '../../schema/page-codec.ts';

const printers = () => import('../page/generated-content.ts');

/** What a reader is told when the page JSON, or what prints its generated content, did not arrive. */
const NETWORK_FAILED = 'The page could not be loaded: the network request failed. Check your connection.';

export interface PageLoader {
  /**
   * The page of `route`. `prerendered`: the content's HTML the browser opened it with (its
   * prerendered page): the reader shows that HTML again rather than printing the tree, so the
   * generated parts (an API page's samples, highlighted) are not printed at all.
   */
  load(route: string, prerendered?: string): Promise<ReaderPage>;
  /** Fetches a page's JSON ahead of a visit (decoded when it is loaded). */
  prefetch(route: string): void;
  /** A page already loaded, for instant rendering. */
  peek(route: string): ReaderPage | undefined;
  /** Whether a page's JSON has been fetched: loaded or prefetched. */
  fetched(route: string): boolean;
  /** Drop a route's loaded page so the next load fetches it again (Try again after a crash). */
  forget(route: string): void;
}

/** The pages loaded with their prerendered HTML, and that HTML. */
const prerenderedPages = new WeakMap<ReaderPage, string>();

/** The content's HTML a page was opened with, when it was loaded with it. */
export const prerenderedHtml = (page: ReaderPage): string | undefined => prerenderedPages.get(page);

/** A generated part left out: its HTML is in the prerendered page (no heading in it: the TOC is the same). */
const unprinted: Generate = () => ({ type: 'element', tagName: 'div', properties: {}, children: [] });

export class PageLoadError extends Error {
  constructor(
    readonly route: string,
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

export function createPageLoader(
  manifest: Manifest,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
  seed?: ReaderPage,
): PageLoader {
  const promises = new Map<string, Promise<ReaderPage>>();
  const done = new Map<string, ReaderPage>();
  if (seed) {
    done.set(seed.route, seed);
    promises.set(seed.route, Promise.resolve(seed));
  }
  /** The page JSON as fetched (undefined when it is not JSON), memoised; a failed fetch is forgotten. */
  const files = new Map<string, Promise<{ status: number; file: PageFile | undefined }>>();
  const fetchFile = (route: string, data: string) => {
    let fetching = files.get(route);
    if (!fetching) {
      fetching = (async () => {
        let res: Response;
        try {
          res = await fetchImpl(`/${data}`);
        } catch {
          throw new PageLoadError(route, undefined, NETWORK_FAILED);
        }
        if (!res.ok) throw new PageLoadError(route, res.status, `The page could not be loaded (HTTP ${res.status}).`);
        let file: PageFile | undefined;
        try {
          file = (await res.json()) as PageFile;
        } catch {
          /* not JSON: damaged, said when it is loaded */
        }
        return { status: res.status, file };
      })();
      files.set(route, fetching);
      fetching.catch(() => files.delete(route));
    }
    return fetching;
  };
  const load = (route: string, prerendered?: string) => {
    const existing = promises.get(route);
    if (existing !== undefined) return existing;
    const entry = manifest.routes[route];
    const promise = (async () => {
      if (!entry) throw new PageLoadError(route, 404, `No page at ${route}.`);
      // API pages have generated content: its chunk loads while the page JSON does.
      if (entry.kind === 'api-operation' && prerendered === undefined) printers().catch(() => {});
      const { status, file } = await fetchFile(route, entry.data);
      let page: ReaderPage;
      let generate: Generate | undefined = prerendered === undefined ? undefined : unprinted;
      const generated = file && !generate ? generatedIn(file.content) : new Set<never>();
      if (generated.size) {
        try {
          generate = await (await printers()).generatorFor(generated, manifest.apiErrors, fetchImpl);
        } catch {
          throw new PageLoadError(route, undefined, NETWORK_FAILED);
        }
      }
      try {
        if (!file) throw new SyntaxError('the page JSON is not JSON');
        page = pageFromFile(file, generate);
      } catch (error) {
        if (error instanceof ContentVersionError)
          throw new PageLoadError(
            route,
            status,
            'The page could not be read: it was built by another version of the site. Reload the page.',
          );
        // Not JSON, or not a page the decoder can read (a cut-off download, a file edited by hand).
        console.error(`paydocs: the page JSON of ${route} could not be read:`, error);
        throw new PageLoadError(
          route,
          status,
          'The page could not be read: its file is damaged. Reload ' +
            'the page; if this stays, the site needs to be built again.',
        );
      }
      if (prerendered !== undefined) prerenderedPages.set(page, prerendered);
      done.set(route, page);
      return page;
    })();
    promises.set(route, promise);
    // A failed load is forgotten so Retry fetches again.
    promise.catch(() => {
      promises.delete(route);
      files.delete(route);
    });
    return promise;
  };
  return {
    load,
    prefetch(route) {
      const entry = manifest.routes[route];
      if (entry && !promises.has(route)) fetchFile(route, entry.data).catch(() => {});
    },
    peek: (route) => done.get(route),
    fetched: (route) => done.has(route) || files.has(route),
    forget(route) {
      done.delete(route);
      promises.delete(route);
      files.delete(route);
    },
  };
}

/** Prefetching is skipped on 2g connections and with data-saver on (spec §2). */
export function shouldPrefetch(
  nav: { connection?: { effectiveType?: string; saveData?: boolean } } | undefined,
): boolean {
  const c = nav?.connection;
  if (!c) return true;
  if (c.saveData) return false;
  return !(c.effectiveType ?? '').includes('2g');
}
