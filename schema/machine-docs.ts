/**
 * Where the machine-readable API descriptions live, by API. Browser-safe: the pipeline
 * writes `dist/openapi/<id>.json` and `dist/postman/<id>.json`; the reader links an
 * api-operation page to its document. An operation belongs to an API by its path.
 */
export const API_IDS = ['v2', 'v1', 'reports-v2', 'reports-v1'] as const;
export type ApiId = (typeof API_IDS)[number];

export const API_TITLES: Record<ApiId, string> = {
  v2: 'API v2',
  v1: 'API v1',
  'reports-v2': 'Reports API v2',
  'reports-v1': 'Reports API v1',
};

/** `/v2/reports/create` → `reports-v2`, `/v1/transaction/find` → `v1`. */
export function apiIdOf(api: { path: string; version: 'v1' | 'v2' }): ApiId {
  return /^\/v[12]\/reports\//.test(api.path) ? `reports-${api.version}` : api.version;
}

/** The site's index for language models, and the same with every page's twin in full (llmstxt.org). */
export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';

export const openApiPath = (id: ApiId) => `openapi/${id}.json`;
export const postmanPath = (id: ApiId) => `postman/${id}.json`;

/** A page's Markdown twin, relative to the site root: `/` → `index.md`, `/a/b` → `a/b.md`. */
export const twinPath = (route: string): string => (route === '/' ? 'index.md' : `${route.replace(/^\/|\/$/g, '')}.md`);
