/**
 * `get_page(route_or_url)`: a page as Markdown (its twin in dist/), with its title,
 * breadcrumbs, last update and outgoing links; with `#anchor`, the section only.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { answer, answered, didYouMean, nearest, ToolError } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import { resolveAddress } from '../page-address.ts';
import { headingIds, linksOf, sectionOf } from '../page-outline.ts';
import type { Site } from '../site.ts';

/** Routes and URLs are short; anything longer is no address. */
export const MAX_ADDRESS = 2048;

const link = z.object({
  href: z.string().describe('A route of the site (with its #anchor), or an external URL.'),
  text: z.string(),
  internal: z.boolean(),
});

export const pageOutput = {
  route: z.string(),
  url: z.string().describe('The page on the published site.'),
  title: z.string(),
  description: z.string(),
  breadcrumbs: z.array(z.string()),
  lastUpdated: z.string().optional().describe('ISO date of the last change.'),
  section: z
    .object({ anchor: z.string(), heading: z.string() })
    .optional()
    .describe('With #anchor: the section returned.'),
  markdown: z.string().describe('The page (or section) as Markdown, links as full URLs.'),
  links: z.array(link).describe('The links leaving the page (or section): other pages and other sites.'),
};

type PageAnswer = z.output<z.ZodObject<typeof pageOutput>>;

/** The page (or the section of `anchor`) as get_page answers it. */
export async function pageAnswer(site: Site, route: string, anchor?: string): Promise<PageAnswer> {
  const [page, twin] = await Promise.all([site.outline(route), site.twin(route)]);
  const { events } = page;
  const base = {
    route,
    url: `${site.origin}${route}`,
    title: page.title,
    description: page.description,
    breadcrumbs: page.breadcrumbs.map((c) => c.label),
    ...(page.lastUpdated ? { lastUpdated: page.lastUpdated } : {}),
  };
  if (!anchor) return { ...base, markdown: twin.trimEnd(), links: linksOf(events) };
  const section = sectionOf(events, anchor);
  if (!section) {
    const ids = headingIds(events);
    throw new ToolError(
      `${route} has no #${anchor}. Expected a heading id of the page: ` +
        `${ids.join(', ') || '(it has no sections)'}.${didYouMean(nearest(anchor, ids))}`,
    );
  }
  let markdown: string | undefined;
  if (section.heading) {
    // Loaded on the first section asked, not at start: its Markdown parser (micromark) is ~190 KB of the ~1.8 MB
    // of code the server loaded before answering the handshake.
    const { twinSection } = await import('../twin-section.ts');
    markdown = twinSection(twin, section.heading, section.ordinal);
  }
  return {
    ...base,
    url: `${base.url}#${anchor}`,
    section: { anchor, heading: section.heading?.text ?? page.title },
    markdown: markdown ?? twin.trimEnd(),
    links: linksOf(section.events),
  };
}

export function registerGetPage(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_page',
    {
      title: 'Read a documentation page',
      description:
        'Read one page of the paydocs documentation as Markdown, with its title, breadcrumbs, last update ' +
        'and outgoing links. Pass a route from search_docs ("/request_format"), a full URL of the site, or ' +
        'either with "#anchor" to get just that section ("/request_format#signing-a-request"). Unknown ' +
        'routes answer with the nearest pages.',
      inputSchema: {
        route_or_url: z
          .string()
          .max(MAX_ADDRESS, `Expected a route or URL of at most ${MAX_ADDRESS} characters.`)
          .describe('A route ("/callbacks"), a URL of the site, or either with "#anchor".'),
      },
      outputSchema: pageOutput,
      annotations: { title: 'Read a documentation page', ...READ_ONLY },
    },
    ({ route_or_url }) =>
      answered(async () => {
        const { route, anchor } = await resolveAddress(ctx.site, route_or_url);
        const data = await pageAnswer(ctx.site, route, anchor);
        const meta = [`Source: ${data.url}`, data.lastUpdated ? `last updated ${data.lastUpdated}` : '']
          .filter(Boolean)
          .join(' · ');
        return answer(`${data.markdown}\n\n---\n${meta}`, data);
      }, ctx.log),
  );
}
