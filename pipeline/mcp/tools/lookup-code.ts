/**
 * `lookup_code(kind, code)`: an API error code, transaction status, failure reason or card
 * issuer response code — its row in the reference table that defines it (each row has its
 * code as id: the anchor `:status[…]`, `:error[…]` and `:reason[…]` link to), every column.
 */
import { z } from 'zod';
import type { Element, Root } from 'hast';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { answer, answered, didYouMean, nearest, quoted, ToolError } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import { enumOf } from './enum-input.ts';

/**
 * Where each kind of code is defined (the pages pipeline/compile/directives/data-reference.ts links
 * to), and its data file.
 */
export const CODE_TABLES = {
  error: { route: '/reference/api_error_codes', data: 'api_error_codes', what: 'API error code' },
  status: { route: '/reference/transaction_statuses', data: 'transaction_statuses', what: 'transaction status' },
  failure_reason: { route: '/reference/failure_reason_codes', data: 'failure_reasons', what: 'failure reason' },
  card_response: {
    route: '/reference/failure_reason_codes',
    data: 'card_response_codes',
    what: 'card issuer response code',
  },
} as const;
export const CODE_KINDS = Object.keys(CODE_TABLES) as [keyof typeof CODE_TABLES, ...(keyof typeof CODE_TABLES)[]];

interface Table {
  caption: string;
  headers: string[];
  rows: Map<string, string[]>;
}

type Node = Root | Root['children'][number];
const text = (n: Node): string =>
  n.type === 'text' ? n.value : 'children' in n ? (n.children as Node[]).map(text).join('') : '';
const elements = (n: Element | Root): Element[] =>
  (n.children as Node[]).filter((c): c is Element => c.type === 'element');

/** Every table of the page with its header labels, its rows by id and its figure's caption. */
function tablesOf(tree: Root): Table[] {
  const out: Table[] = [];
  const walk = (node: Element | Root, caption: string) => {
    for (const child of elements(node)) {
      if (child.tagName === 'figure') {
        const cap = elements(child).find((c) => c.tagName === 'figcaption');
        walk(child, cap ? text(cap) : caption);
      } else if (child.tagName === 'table') {
        const table: Table = { caption, headers: [], rows: new Map() };
        const rows: Element[] = [];
        const collect = (n: Element) => {
          for (const c of elements(n)) c.tagName === 'tr' ? rows.push(c) : collect(c);
        };
        collect(child);
        for (const tr of rows) {
          const cells = elements(tr).map((c) => text(c).trim());
          if (elements(tr).every((c) => c.tagName === 'th') && !table.headers.length) table.headers = cells;
          else if (typeof tr.properties.id === 'string') table.rows.set(tr.properties.id, cells);
        }
        out.push(table);
      } else walk(child, caption);
    }
  };
  walk(tree, '');
  return out;
}

export function registerLookupCode(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'lookup_code',
    {
      title: 'Look up a code',
      description:
        'What a code of the gateway means, from the reference table that defines it: an API error code ' +
        '(error: "invalid_signature", or a v1 number "1002"), a transaction status (status: "authorized"), a ' +
        'failure reason (failure_reason: "do_not_honor") or a card issuer response code (card_response: ' +
        '"05"). Returns every column of its row and the page anchor that defines it.',
      inputSchema: {
        kind: enumOf(CODE_KINDS, 'kind'),
        code: z
          .string()
          .max(100, 'Expected a code of at most 100 characters.')
          .describe('The code as the API returns it.'),
      },
      outputSchema: {
        kind: z.enum(CODE_KINDS),
        code: z.string(),
        meaning: z.string(),
        fields: z.record(z.string(), z.string()).describe("The row's columns by their label."),
        route: z.string(),
        anchor: z.string(),
        url: z.string(),
      },
      annotations: { title: 'Look up a code', ...READ_ONLY },
    },
    ({ kind, code }) =>
      answered(async () => {
        const { route, data, what } = CODE_TABLES[kind];
        let wanted = code.trim();
        if (kind === 'error' && /^\d+$/.test(wanted))
          wanted = (await ctx.site.apiErrors()).find((r) => String(r.number) === wanted)?.code ?? wanted;
        const tables = tablesOf((await ctx.site.page(route)).tree);
        const own = tables.filter((t) => t.caption.includes(`${data}.yaml`));
        const candidates = own.length ? own : tables;
        const ids = candidates.flatMap((t) => [...t.rows.keys()]);
        const id = ids.find((i) => i === wanted) ?? ids.find((i) => i.toLowerCase() === wanted.toLowerCase());
        const table = candidates.find((t) => id !== undefined && t.rows.has(id));
        if (!id || !table)
          throw new ToolError(
            `${quoted(code)} is no ${what}. Expected one of the ${ids.length} ` +
              `codes of ${route}.${didYouMean(nearest(wanted, ids))}`,
          );
        const cells = table.rows.get(id)!;
        const fields = Object.fromEntries(table.headers.map((h, i) => [h, cells[i] ?? '']));
        const meaningAt = table.headers.findIndex((h) => /meaning|description/i.test(h));
        const meaning = cells[meaningAt >= 0 ? meaningAt : 1] ?? '';
        const url = `${ctx.site.origin}${route}#${id}`;
        const lines = Object.entries(fields).map(([k, v]) => `- ${k}: ${v}`);
        return answer(`${what} \`${id}\`: ${meaning}\n${lines.join('\n')}\nDefined at ${url}`, {
          kind,
          code: id,
          meaning,
          fields,
          route,
          anchor: id,
          url,
        });
      }, ctx.log),
  );
}
