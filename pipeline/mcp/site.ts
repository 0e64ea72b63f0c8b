/**
 * A built site as the MCP server reads it: dist/ loaded once — the manifest and the search
 * index's manifest at start, everything else (page JSON, Markdown twins, OpenAPI documents,
 * the error rows, the method data sheets) on first use, kept in memory (pages in an LRU).
 * Reads only what a build wrote (schema/dist-layout.ts, schema/machine-docs.ts); never the
 * content/ it was built from.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { LRUCache } from 'lru-cache';
import { MANIFEST_VERSION, type Manifest } from '../../schema/manifest.ts';
import { MANIFEST_FILE, pageDataPath } from '../../schema/dist-layout.ts';
import { twinPath } from '../../schema/machine-docs.ts';
import { decodeContent } from '../../schema/page-codec.ts';
import type { PageFile, ReaderPage } from '../../schema/page.ts';
import type { ApiErrorRow, GeneratedContent } from '../../schema/generated/index.ts';
import { apiErrors } from '../../schema/generated/api-errors.ts';
import type { PaymentMethod } from '../../schema/frontmatter-method.ts';
import { createSiteSearch, type SiteSearch } from './site-search.ts';
import { outlineOf, type OutlineEvent } from './page-outline.ts';
import { twinDescription, twinSectionLines } from './twin-snippet.ts';

/**
 * A page decoded for the tools: its tree (code samples left out), and the generated parts it holds.
 * No TOC: no tool reads it.
 */
export interface SitePage extends Omit<ReaderPage, 'toc'> {
  /** `ast` as a hast Root. */
  tree: Root;
  /** The data the page's generated parts are printed from: its code samples' request, its error codes. */
  generated: GeneratedContent[];
}

/** What get_page reads of a page: its fields and its tree's events (page-outline.ts), no tree. */
export interface PageOutline extends Pick<ReaderPage, 'title' | 'description' | 'breadcrumbs' | 'lastUpdated'> {
  events: OutlineEvent[];
}

/** What search_docs makes a result's snippet of. */
export interface SnippetSource {
  description: string;
  /** The section's lines of Markdown, outside code (twin-snippet.ts). */
  lines: string[];
}

/** A payment-method page's data sheet. */
export interface MethodSheet {
  route: string;
  title: string;
  method: PaymentMethod;
}

export interface Site {
  dist: string;
  manifest: Manifest;
  /** The site's production origin, without a trailing slash. */
  origin: string;
  routes: string[];
  search: SiteSearch;
  page(route: string): Promise<SitePage>;
  /**
   * The page's outline, kept (LRU, by the length of its text) apart from its tree: a page is
   * decoded once for get_page and for all its sections, and the trees, dropped at once, do not
   * grow the old generation of the heap.
   */
  outline(route: string): Promise<PageOutline>;
  /**
   * What a search result shows of a page, from its twin (twin-snippet.ts): its description and
   * the lines of the section a hit names by `anchor` and `title` (none without one, or when the
   * twin has no such section). Kept per route and anchor.
   */
  snippetSource(route: string, hit?: { anchor: string; title: string }): Promise<SnippetSource>;
  /** The page's Markdown twin. */
  twin(route: string): Promise<string>;
  /** A file of dist as text (llms.txt, an OpenAPI document). */
  text(file: string): Promise<string>;
  /** A JSON file of dist, parsed once. */
  json<T>(file: string): Promise<T>;
  apiErrors(): Promise<ApiErrorRow[]>;
  methods(): Promise<MethodSheet[]>;
}

/** The dist folder is missing, or is no paydocs build this version reads: what to do, in a line. */
export class SiteError extends Error {}

const placeholder = (): Element => ({ type: 'element', tagName: 'div', properties: {}, children: [] });

/** Loads a built site: its manifest and search manifest. Throws SiteError when `dist` is no build. */
export async function loadSite(dist: string): Promise<Site> {
  const manifestFile = path.join(dist, MANIFEST_FILE);
  if (!existsSync(manifestFile))
    throw new SiteError(`${dist} holds no built site (${MANIFEST_FILE} not found): run "paydocs build", or --build.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.version !== MANIFEST_VERSION)
    throw new SiteError(
      `${dist} was built by another paydocs version (manifest version ` +
        `${String(manifest.version)}, this one reads ${MANIFEST_VERSION}): rebuild it with --build.`,
    );
  const file = (rel: string) => path.join(dist, rel.replace(/^\//, '').split('?')[0]);
  // Read at once rather than through the thread pool: a page's files are a few KB from the page
  // cache, and a promise's four round trips (open, stat, read, close) cost more than the read.
  const text = async (rel: string) => readFileSync(file(rel), 'utf8');
  const once = new Map<string, Promise<unknown>>();
  const memo = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let p = once.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      p.catch(() => once.delete(key));
      once.set(key, p);
    }
    return p;
  };
  const json = <T>(rel: string) => memo(`json:${rel}`, async () => JSON.parse(await text(rel)) as T);
  const apiErrorRows = () => json<ApiErrorRow[]>(manifest.apiErrors);
  const pageFile = async (route: string) => JSON.parse(await text(pageDataPath(route))) as PageFile;
  const decode = async (route: string): Promise<SitePage> => {
    const { content, ...rest } = await pageFile(route);
    const rows = await apiErrorRows();
    const generated: GeneratedContent[] = [];
    // Code samples are printed by get_operation in the one language asked; the error table is cheap and has links.
    const tree = decodeContent(content, (part) => {
      generated.push(part);
      return part.generated === 'api-errors' ? apiErrors(part.from, rows) : placeholder();
    });
    const ast = tree as unknown as ReaderPage['ast'];
    return { ...rest, ast, tree, generated };
  };
  const pages = new LRUCache<string, Promise<SitePage>>({ max: 100 });
  // Made once per route however many ask at once (lru-cache's fetch), kept once made; a failure is tried again.
  // Bounded by text rather than count: a long reference page outweighs hundreds of short ones (one larger
  // than the whole budget is not kept).
  const outlines = new LRUCache<string, PageOutline>({
    maxSize: 8_000_000,
    sizeCalculation: (o) =>
      o.events.reduce(
        (n, e) => n + 16 + ('href' in e ? e.href.length : e.id.length) + ('text' in e ? e.text.length : 0),
        1,
      ),
    fetchMethod: async (route) => {
      const { title, description, breadcrumbs, lastUpdated, tree } = await (pages.get(route) ?? decode(route));
      return { title, description, breadcrumbs, lastUpdated, events: outlineOf(tree) };
    },
  });
  // The sections search results showed (their lines, not their twins), the same way, keyed by route and anchor.
  const snippets = new LRUCache<string, SnippetSource, { route: string; hit?: { anchor: string; title: string } }>({
    maxSize: 4_000_000,
    sizeCalculation: ({ description, lines }) => lines.reduce((n, line) => n + line.length + 1, description.length + 1),
    fetchMethod: async (_key, _stale, { context: { route, hit } }) => {
      const twin = await site.twin(route);
      return {
        description: twinDescription(twin),
        // Copied out: a line cut from the twin would keep all of it in memory.
        lines: hit ? twinSectionLines(twin, hit.anchor, hit.title).map((line) => ` ${line}`.slice(1)) : [],
      };
    },
  });

  const site: Site = {
    dist,
    manifest,
    origin: manifest.site.url.replace(/\/$/, ''),
    routes: Object.keys(manifest.routes),
    search: await createSiteSearch(dist, manifest.search),
    page(route) {
      let p = pages.get(route);
      if (!p) {
        p = decode(route);
        p.catch(() => pages.delete(route));
        pages.set(route, p);
      }
      return p;
    },
    outline: async (route) => (await outlines.fetch(route)) as PageOutline,
    snippetSource: async (route, hit) =>
      (await snippets.fetch(`${route}#${hit?.anchor ?? ''}`, { context: { route, hit } })) as SnippetSource,
    twin: (route) => text(twinPath(route)),
    text,
    json,
    apiErrors: apiErrorRows,
    methods: () =>
      memo('methods', async () => {
        const routes = site.routes.filter((r) => manifest.routes[r].kind === 'payment-method');
        return Promise.all(
          routes.map(async (route) => {
            const page = await pageFile(route);
            const { method } = page.frontmatter as { method: PaymentMethod };
            return { route, title: page.title, method };
          }),
        );
      }),
  };
  return site;
}
