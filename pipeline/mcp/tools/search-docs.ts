/**
 * `search_docs(query, context?, limit?)`: the reader's own search (same index, same engine,
 * same order), each page with its best section and a snippet of it.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { answer, answered, quoted, ToolError } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import { enumOf } from './enum-input.ts';
import type { PageResult } from '../site-search.ts';
import type { Site } from '../site.ts';
import { plainAround } from '../twin-snippet.ts';

/** Longest query: a question, not a document (the box of the reader takes no more). */
export const MAX_QUERY = 500;
const SNIPPET = 240;

const result = z.object({
  route: z.string(),
  url: z.string(),
  title: z.string(),
  section: z.string().optional().describe('The heading of the best-matching section, when not the page itself.'),
  anchor: z.string().optional().describe('Its id: pass route#anchor to get_page for that section.'),
  breadcrumbs: z.array(z.string()),
  snippet: z.string(),
});

export const searchOutput = { query: z.string(), context: z.string().optional(), results: z.array(result) };

type SearchResult = z.output<typeof result>;

/** Up to SNIPPET characters of `text` around its first word in `marks`. */
export function snippetOf(text: string, marks: string[]): string {
  if (text.length <= SNIPPET) return text;
  const lower = text.toLowerCase();
  const at = Math.min(...marks.map((m) => lower.indexOf(m.toLowerCase())).filter((i) => i >= 0), text.length);
  const start = at === text.length ? 0 : Math.max(0, at - SNIPPET / 3);
  const cut = text.slice(start, start + SNIPPET);
  return `${start ? '…' : ''}${cut.replace(/\s+\S*$/, '')}…`;
}

async function presentResult(site: Site, page: PageResult): Promise<SearchResult> {
  const hit = page.hits[0];
  const base = {
    route: page.route,
    url: `${site.origin}${page.route}`,
    title: page.title,
    breadcrumbs: page.breadcrumbs,
  };
  const { description, lines } = await site.snippetSource(
    page.route,
    hit?.h ? { anchor: hit.h, title: hit.t } : undefined,
  );
  if (!hit?.h) return { ...base, snippet: snippetOf(description, hit?.marks ?? []) };
  const { text, skipped } = plainAround(lines, hit.marks, SNIPPET * 2);
  const snippet = snippetOf(text || description, hit.marks);
  return {
    ...base,
    url: `${base.url}#${hit.h}`,
    section: hit.t,
    anchor: hit.h,
    snippet: skipped && text && !snippet.startsWith('…') ? `…${snippet}` : snippet,
  };
}

/** The reader's results for `query`, presented for an assistant. */
export async function searchDocs(
  site: Site,
  query: string,
  options: { limit: number; context?: string },
): Promise<SearchResult[]> {
  const scope = options.context ? { context: options.context } : undefined;
  const pages = await site.search.query(query, { limit: options.limit, scope });
  const results = await Promise.all(pages.map((page) => presentResult(site, page)));
  return results;
}

export function registerSearchDocs(server: McpServer, ctx: ToolContext): void {
  const contexts = ctx.site.search.contexts;
  const ids = contexts.map((c) => c.id);
  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        "Search the paydocs documentation with the site's own search engine (the same results, in the same " +
        "order, as the site's search box). Returns pages with the best-matching section, a snippet and a " +
        'route to pass to get_page. Ask in a few words ("refund a card payment", "X-Signature header", "PIX ' +
        'limits").',
      inputSchema: {
        query: z
          .string()
          .max(MAX_QUERY, `Expected a query of at most ${MAX_QUERY} characters (a few words, not a document).`)
          .describe('A few words or a question.'),
        context: (ids.length ? enumOf(ids as [string, ...string[]], 'context') : z.string())
          .optional()
          .describe(`Only pages of this part of the site: ${contexts.map((c) => `${c.id} (${c.label})`).join(', ')}.`),
        limit: z.number().int().min(1).max(50).default(10).describe('Most pages returned (1–50, default 10).'),
      },
      outputSchema: searchOutput,
      annotations: { title: 'Search the documentation', ...READ_ONLY },
    },
    ({ query, context, limit }) =>
      answered(async () => {
        if (!query.trim())
          throw new ToolError(
            'Expected a query of a few words (e.g. "refund a card ' +
              'payment"), found an empty one: an empty query matches no page.',
          );
        const results = await searchDocs(ctx.site, query, { limit, context });
        const text = results.length
          ? results
              .map(
                (r, i) =>
                  `${i + 1}. ${r.title}${r.section ? ` › ${r.section}` : ''} — ` +
                  `${r.route}${r.anchor ? `#${r.anchor}` : ''}\n   ${r.snippet}`,
              )
              .join('\n')
          : `No page matches ${quoted(query)}${context ? ` in ${context}` : ''}. Try other words, or no context.`;
        return answer(text, { query, ...(context ? { context } : {}), results });
      }, ctx.log),
  );
}
