/**
 * Streamable HTTP at `/mcp` (the SDK's transport, stateless: each POST gets a fresh McpServer
 * over the loaded site, and a JSON answer). Loopback by default; the SDK's DNS-rebinding
 * protection is on, allowing only this server's own Host and Origin values, so a web page
 * that rebinds its name to 127.0.0.1 is refused (403).
 */
import http from 'node:http';
import os from 'node:os';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './server.ts';
import type { ToolContext } from './tool-context.ts';

export const MCP_PATH = '/mcp';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** The Host values a client of this server sends: its own names, with the port. */
export function allowedHosts(host: string, port: number): string[] {
  const names = new Set(LOOPBACK);
  if (host === '0.0.0.0' || host === '::') {
    names.add(os.hostname());
    for (const list of Object.values(os.networkInterfaces()))
      for (const a of list ?? []) names.add(bracketed(a.address.replace(/%.*$/, '')));
  } else names.add(bracketed(host));
  return [...names].map((n) => `${n}:${port}`);
}

const jsonRpcError = (res: http.ServerResponse, status: number, message: string) =>
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));

export async function startMcpHttp(
  ctx: ToolContext,
  version: string,
  { host, port }: { host: string; port: number },
): Promise<http.Server> {
  let hosts: string[] = [];
  const server = http.createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== MCP_PATH) return jsonRpcError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    // Stateless: no session to stream to (GET) or to end (DELETE).
    if (req.method !== 'POST') return jsonRpcError(res.setHeader('allow', 'POST'), 405, 'Method not allowed: POST.');
    const mcp = createMcpServer(ctx, version);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: hosts,
      allowedOrigins: hosts.map((h) => `http://${h}`),
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    try {
      await mcp.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      ctx.log(`paydocs mcp: a request failed: ${(error as Error).message.split('\n')[0]}`);
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal error.');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  hosts = allowedHosts(host, (server.address() as { port: number }).port);
  return server;
}
