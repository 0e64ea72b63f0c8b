/**
 * The paydocs MCP server: a built site's docs as tools and resources, over stdio or
 * Streamable HTTP (./http.ts). One McpServer per connection, all over the same loaded site.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerResources } from './resources.ts';
import type { ToolContext } from './tool-context.ts';
import { registerSearchDocs } from './tools/search-docs.ts';
import { registerGetPage } from './tools/get-page.ts';
import { registerGetOperation } from './tools/get-operation.ts';
import { registerFindPaymentMethods } from './tools/find-payment-methods.ts';
import { registerLookupCode } from './tools/lookup-code.ts';
import { registerValidateIdentifier } from './tools/validate-identifier.ts';
import { registerSigning } from './tools/signing.ts';

export type { ToolContext };

const TOOLS = [
  registerSearchDocs,
  registerGetPage,
  registerGetOperation,
  registerFindPaymentMethods,
  registerLookupCode,
  registerValidateIdentifier,
  registerSigning,
];

const instructions = (title: string) =>
  `The ${title} documentation (a payment gateway: API v1 and v2, callbacks, payment methods, reference tables), ` +
  'answered from the built site. Start with search_docs, then read with get_page (a route, or route#anchor for one ' +
  'section). get_operation gives an API call with its fields and a code sample; find_payment_methods the methods ' +
  'of a country or currency; lookup_code an error code, status or failure reason; validate_identifier checks IBAN, ' +
  'CLABE, CPF, card numbers…; sign_request and verify_callback compute signatures with a sandbox key from the ' +
  'server environment, never a key from the chat.';

export function createMcpServer(ctx: ToolContext, version: string): McpServer {
  const server = new McpServer(
    { name: 'paydocs', title: `${ctx.site.manifest.site.title} docs`, version },
    { instructions: instructions(ctx.site.manifest.site.title) },
  );
  for (const register of TOOLS) register(server, ctx);
  registerResources(server, ctx.site);
  return server;
}

/** Serves over stdin/stdout until the client closes them: stdout carries JSON-RPC only. */
export async function serveStdio(ctx: ToolContext, version: string): Promise<void> {
  const server = createMcpServer(ctx, version);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
