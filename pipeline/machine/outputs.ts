/**
 * Stage: the machine-readable outputs, from the page JSON, the sidebar, the site config
 * and the error-code data — Markdown twins, llms.txt, llms-full.txt, OpenAPI 3.1 documents
 * and Postman collections — as dist-relative paths → file text (UTF-8 bytes for a twin a
 * worker thread made, and for llms-full.txt).
 */
import type { PageData, ReaderPage } from '../../schema/page.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { ApiErrorCode, Release } from '../../schema/data.ts';
import { CHANGELOG_FEED, RELEASES_FILE } from '../../schema/releases.ts';
import { changelogFeed } from '../changelog/feed.ts';
import { API_IDS, API_TITLES, LLMS_FULL_TXT, LLMS_TXT, openApiPath, postmanPath } from '../../schema/machine-docs.ts';
import { pageFromFile } from '../../schema/page-codec.ts';
import type { GeneratedData } from '../../schema/generated/index.ts';
import { generateFrom } from '../link/generated-data.ts';
import { pageMarkdown, twinPath } from './markdown-twin.ts';
import { llmsFullTxt, llmsTxt, type LlmsInput } from './llms.ts';
import { apiDocumentLinks, operationsByApi } from './operations.ts';
import { openApiDocuments } from './openapi.ts';
import { postmanCollections } from './postman.ts';
import { computeNow, type Keep } from '../incremental/memo.ts';
import type { PageText } from '../workers/protocol.ts';
import { sharedBytes } from '../workers/shared-text.ts';

export interface MachineInput {
  config: SiteConfig;
  pages: PageData[];
  sidebar: SidebarItemOut[];
  errorCodes: ApiErrorCode[];
  /** content/data/releases.yaml: the changelog's feed, and the list `paydocs diff` reads from a dist. */
  releases?: Release[];
}

/** The generators' input from a site build (`buildSite`'s result). */
export function machineInput(built: {
  site: { config: SiteConfig; data: { api_error_codes: ApiErrorCode[]; releases: Release[] } };
  pages: PageData[];
  sidebar: SidebarItemOut[];
}): MachineInput {
  return {
    config: built.site.config,
    pages: built.pages,
    sidebar: built.sidebar,
    errorCodes: built.site.data.api_error_codes,
    releases: built.site.data.releases,
  };
}

/** Links a page's twin shows under its description: an API page's OpenAPI document and Postman collection. */
export function twinLinks(page: Pick<ReaderPage, 'frontmatter'>, siteUrl: string): { label: string; url: string }[] {
  const fm = page.frontmatter;
  return fm.kind === 'api-operation' ? apiDocumentLinks(siteUrl, fm.api) : [];
}

/** One page's Markdown twin (its tree is left as it was: the dev server and the memo share it). */
export function pageTwin(page: ReaderPage, config: Pick<SiteConfig, 'url'>): string {
  return pageMarkdown(page, { siteUrl: config.url, links: twinLinks(page, config.url) });
}

/**
 * The Markdown twin of a page JSON file. `printed`: its generated parts as the compile printed
 * them, `data` what prints them otherwise (link/generated-data.ts).
 */
export function pageJsonTwin(
  json: string,
  config: Pick<SiteConfig, 'url'>,
  data: GeneratedData,
  printed?: string,
): string {
  const page = pageFromFile(JSON.parse(json), generateFrom(printed, data));
  return pageMarkdown(page, { siteUrl: config.url, links: twinLinks(page, config.url) });
}

/**
 * `twins`: the pages' twins by twin path when made already (the build's memoized twin stage).
 * `keep`: llms.txt is kept under what it lists — converting every description to Markdown was
 * most of this step on a one-page-changed build, where the list rarely changes.
 */
export function machineFiles(
  input: MachineInput,
  twins?: Map<string, PageText>,
  keep: Keep = computeNow,
): Map<string, string | Uint8Array> {
  const { config, pages } = input;
  const files = new Map<string, string | Uint8Array>();
  for (const page of pages) {
    const made = twins?.get(twinPath(page.route));
    files.set(twinPath(page.route), made === undefined ? pageTwin(page, config) : sharedBytes(made));
  }

  const byApi = operationsByApi(pages);
  const base = config.url.replace(/\/$/, '');
  const apis = API_IDS.filter((id) => byApi.get(id)!.length);
  for (const [id, doc] of openApiDocuments(byApi, { site: config, errorCodes: input.errorCodes }))
    if (apis.includes(id)) files.set(openApiPath(id), JSON.stringify(doc, null, 2));
  for (const [id, doc] of postmanCollections(byApi, config))
    if (apis.includes(id)) files.set(postmanPath(id), JSON.stringify(doc, null, 2));

  files.set(CHANGELOG_FEED, changelogFeed(input.releases ?? [], config));
  files.set(RELEASES_FILE, JSON.stringify(input.releases ?? []));

  const home = pages.find((p) => p.route === '/');
  const llms: LlmsInput = {
    siteTitle: config.title,
    siteUrl: config.url,
    summary: home?.description ?? config.tagline,
    sidebar: input.sidebar,
    pages,
    extras: {
      title: 'API descriptions',
      items: apis.flatMap((id) => [
        {
          label: `${API_TITLES[id]} — OpenAPI 3.1`,
          url: `${base}/${openApiPath(id)}`,
          description: `every ${API_TITLES[id]} operation with parameters, responses, errors and examples`,
        },
        {
          label: `${API_TITLES[id]} — Postman collection`,
          url: `${base}/${postmanPath(id)}`,
          description: 'one signed request per operation',
        },
      ]),
    },
  };
  const listed = pages.map((p) => [p.route, p.title, p.description]);
  files.set(
    LLMS_TXT,
    keep('llms-txt', [{ ...llms, pages: listed }], () => llmsTxt(llms)),
  );
  files.set(
    LLMS_FULL_TXT,
    llmsFullTxt(llms, (route) => files.get(twinPath(route))!),
  );
  return files;
}
