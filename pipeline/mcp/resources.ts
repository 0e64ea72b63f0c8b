/**
 * The server's resources: every page as Markdown (`paydocs://page/<route without its
 * leading slash>`, the home page `paydocs://page/`), llms.txt, and each OpenAPI document.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { API_IDS, API_TITLES, LLMS_TXT, openApiPath } from '../../schema/machine-docs.ts';
import { suggestedRoutes } from './page-address.ts';
import { didYouMean } from './results.ts';
import type { Site } from './site.ts';

export const PAGE_URI = 'paydocs://page/';
export const pageUri = (route: string) => `${PAGE_URI}${route.replace(/^\//, '')}`;

export function registerResources(server: McpServer, site: Site): void {
  const markdown = async (uri: URL | string, route: string) => ({
    contents: [{ uri: String(uri), mimeType: 'text/markdown', text: await site.twin(route) }],
  });
  server.registerResource(
    'home',
    PAGE_URI,
    { title: site.manifest.routes['/']?.title ?? 'Home', mimeType: 'text/markdown' },
    (uri) => markdown(uri, '/'),
  );
  const pages = new ResourceTemplate(`${PAGE_URI}{+route}`, {
    list: () => ({
      resources: site.routes
        .filter((r) => r !== '/')
        .map((r) => ({ uri: pageUri(r), name: r, title: site.manifest.routes[r].title, mimeType: 'text/markdown' })),
    }),
  });
  server.registerResource(
    'page',
    pages,
    { title: 'A documentation page as Markdown', mimeType: 'text/markdown' },
    async (uri, { route }) => {
      const r = `/${String(route).replace(/\/+$/, '')}`;
      if (!site.manifest.routes[r])
        throw new McpError(
          ErrorCode.InvalidParams,
          `No page has the route ${r}: expected ` +
            `${PAGE_URI}<route>.${didYouMean((await suggestedRoutes(site, r)).map(pageUri))}`,
        );
      return markdown(uri, r);
    },
  );
  server.registerResource(
    'llms.txt',
    `paydocs://${LLMS_TXT}`,
    { title: 'llms.txt: the site index for language models', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await site.text(LLMS_TXT) }] }),
  );
  for (const id of API_IDS.filter((api) => existsSync(path.join(site.dist, openApiPath(api))))) {
    server.registerResource(
      `openapi-${id}`,
      `paydocs://${openApiPath(id)}`,
      { title: `${API_TITLES[id]}: OpenAPI 3.1 document`, mimeType: 'application/json' },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'application/json', text: await site.text(openApiPath(id)) }],
      }),
    );
  }
}
