/**
 * The api-operation pages as operations of the four APIs (v2, v1, Reports v2, Reports v1),
 * the input of the OpenAPI and Postman generators.
 */
import type { PageData } from '../../schema/page.ts';
import type { ApiOperation } from '../../schema/frontmatter-api.ts';
import { API_IDS, apiIdOf, openApiPath, postmanPath, type ApiId } from '../../schema/machine-docs.ts';

export interface Operation {
  route: string;
  title: string;
  description: string;
  api: ApiOperation;
}

/** Operations by API, in route order; every API present, possibly empty. */
export function operationsByApi(
  pages: Pick<PageData, 'route' | 'kind' | 'title' | 'description' | 'frontmatter'>[],
): Map<ApiId, Operation[]> {
  const out = new Map<ApiId, Operation[]>(API_IDS.map((id) => [id, []]));
  const sorted = pages.filter((p) => p.kind === 'api-operation').sort((a, b) => a.route.localeCompare(b.route));
  for (const page of sorted) {
    // The pages as the build holds them: the whole definition (page JSON keeps only its summary).
    const api = (page.frontmatter as { api: ApiOperation }).api;
    out.get(apiIdOf(api))!.push({ route: page.route, title: page.title, description: page.description, api });
  }
  return out;
}

/** `/v2/transaction/p2p/confirm` → `transaction_p2p_confirm`; `/v1/reports/list` → `reports_list`. */
export const operationId = (api: Pick<ApiOperation, 'path'>) =>
  api.path
    .replace(/^\/v[12]\//, '')
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_|_$/g, '');

/** The group an operation is listed under: the path's first segment after the version. */
export const operationTag = (api: Pick<ApiOperation, 'path'>) => {
  const parts = api.path.split('/').filter(Boolean).slice(1);
  return parts.length > 1 ? parts[0]! : 'general';
};

/** Links from an API page (its twin, the reader) to the machine-readable descriptions of its API. */
export function apiDocumentLinks(
  siteUrl: string,
  api: Pick<ApiOperation, 'path' | 'version'>,
): { label: string; url: string }[] {
  const base = siteUrl.replace(/\/$/, '');
  const id = apiIdOf(api);
  return [
    { label: 'OpenAPI 3.1 document', url: `${base}/${openApiPath(id)}` },
    { label: 'Postman collection', url: `${base}/${postmanPath(id)}` },
  ];
}
