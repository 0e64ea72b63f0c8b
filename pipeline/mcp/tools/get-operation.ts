/**
 * `get_operation(name_or_path, version?, language?)`: an API operation — method, path, auth,
 * request and response fields, errors — and a code sample printed by the site's own printers
 * (schema/generated/api-samples.ts) from the request its page documents.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { printers, SAMPLE_LANGUAGES } from '../../../schema/generated/api-samples.ts';
import type { ApiOperation } from '../../../schema/frontmatter-api.ts';
import { answer, answered } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import { findOperation, operationsOf, requestFields, responseFields, type Field } from '../operations.ts';
import { MAX_ADDRESS } from './get-page.ts';
import { enumOf } from './enum-input.ts';

const field = z.object({
  name: z.string().describe('Dotted path: customer.email; items[].amount for array members.'),
  in: z.string().describe('body, query, path, header, or response.'),
  type: z.string(),
  required: z.boolean(),
  description: z.string().optional(),
  enum: z.array(z.string()).optional(),
  format: z.string().optional(),
  pattern: z.string().optional(),
  default: z.unknown().optional(),
  example: z.unknown().optional(),
  deprecated: z.boolean().optional(),
});

const operationOutput = {
  name: z.string(),
  version: z.enum(['v1', 'v2']),
  method: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  route: z.string().describe('Its reference page: pass it to get_page for the prose.'),
  auth: z.string().describe('signature: X-Point-Id and X-Signature headers (v2), point_id and signature fields (v1).'),
  idempotent: z.boolean(),
  request: z.array(field),
  response: z.array(field),
  errors: z.array(z.object({ code: z.string(), number: z.number(), http_status: z.number(), description: z.string() })),
  sample: z.object({ language: z.enum(SAMPLE_LANGUAGES), code: z.string() }).optional(),
};

const fieldLine = (f: Field) => {
  const where = f.in === 'body' || f.in === 'response' ? '' : `, in ${f.in}`;
  const values = f.enum ? ` one of ${f.enum.map((e) => `\`${e}\``).join(', ')}` : '';
  const description = f.description ? ` — ${f.description}` : '';
  return `- \`${f.name}\` (${f.type}${f.required ? ', required' : ''}${where})${values}${description}`;
};

const errorLine = (e: { code: string; number: number; http_status: number; description: string }) =>
  `- \`${e.code}\` (${e.number}, HTTP ${e.http_status}) — ${e.description}`;

export function registerGetOperation(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Look up an API operation',
      description:
        'The definition of one paydocs API operation: method, path, authentication, every request and ' +
        'response field (type, required, enum values, format), the error codes it returns, and a complete ' +
        'code sample in the language asked, printed by the same code as the site. Name it as ' +
        '"transaction/create", "/v2/transaction/create" or its page route; version picks v1 or v2 (default: ' +
        'v2 when both exist).',
      inputSchema: {
        name_or_path: z
          .string()
          .max(MAX_ADDRESS, `Expected an operation name or path of at most ${MAX_ADDRESS} characters.`)
          .describe('"transaction/create", "POST /v2/transaction/create", "/api/v1/transaction/find"…'),
        version: enumOf(['v1', 'v2'], 'version')
          .optional()
          .describe('API version; default v2 when the operation has both.'),
        language: z.enum(SAMPLE_LANGUAGES).default('bash').describe('Language of the code sample (bash is curl).'),
      },
      outputSchema: operationOutput,
      annotations: { title: 'Look up an API operation', ...READ_ONLY },
    },
    ({ name_or_path, version, language }) =>
      answered(async () => {
        const o = findOperation(await operationsOf(ctx.site), name_or_path, version);
        const page = await ctx.site.page(o.route);
        const api = (page.frontmatter as { api: Pick<ApiOperation, 'auth' | 'idempotent'> }).api;
        const errorsPart = page.generated.find((g) => g.generated === 'api-errors');
        const rows = new Map((await ctx.site.apiErrors()).map((r) => [r.code, r]));
        const errors = (errorsPart?.generated === 'api-errors' ? errorsPart.from.codes : []).flatMap((code) => {
          const r = rows.get(code);
          return r ? [{ code, number: r.number, http_status: r.http_status, description: r.description }] : [];
        });
        const samplePart = page.generated.find((g) => g.generated === 'api-samples');
        const sample =
          samplePart?.generated === 'api-samples' ? { language, code: printers[language](samplePart.from) } : undefined;
        const data = {
          name: o.name,
          version: o.version,
          method: o.method,
          path: o.path,
          title: String(o.op.summary ?? page.title),
          description: String(o.op.description ?? page.description),
          route: o.route,
          auth: api.auth,
          idempotent: Boolean(api.idempotent),
          request: requestFields(o),
          response: responseFields(o),
          errors,
          ...(sample ? { sample } : {}),
        };
        const text = [
          `# ${data.method} ${data.path} — ${data.title}`,
          data.description,
          `Auth: ${data.auth}${data.idempotent ? ' · idempotent (Idempotency-Key / request_id)' : ''} ` +
            `· page: ${ctx.site.origin}${data.route}`,
          `## Request\n${data.request.map(fieldLine).join('\n') || '(no fields)'}`,
          `## Response\n${data.response.map(fieldLine).join('\n') || '(no fields)'}`,
          `## Errors\n${errors.map(errorLine).join('\n') || '(none listed)'}`,
          sample ? `## Sample (${language})\n\`\`\`${language}\n${sample.code}\n\`\`\`` : '',
        ];
        return answer(text.filter(Boolean).join('\n\n'), data);
      }, ctx.log),
  );
}
