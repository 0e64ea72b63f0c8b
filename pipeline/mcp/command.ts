/**
 * `paydocs mcp`: the built site (built first when its folder is missing, or with --build)
 * served over stdio or Streamable HTTP. Everything it says goes to `log` (stderr): on stdio,
 * stdout carries JSON-RPC only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import pc from 'picocolors';
import { MANIFEST_FILE } from '../../schema/dist-layout.ts';
import { cannotListen, type CommandIo, report } from '../command-failures.ts';
import { BuildError } from '../diagnostics.ts';
import { loadSite, SiteError } from './site.ts';
import { serveStdio } from './server.ts';

export interface McpCommandOptions {
  root: string;
  dist: string;
  build?: boolean;
  http?: boolean;
  port: number;
  host: string;
  /** PAYDOCS_SECRET_KEY, as the CLI read it. */
  secretKey?: string;
  version: string;
  log: (line: string) => void;
}

/**
 * Builds when asked or when there is nothing to serve; then serves. Resolves when stdio closes, or
 * once HTTP listens.
 */
export async function runMcp(options: McpCommandOptions): Promise<{ http?: Server; url?: string }> {
  const dist = path.resolve(options.root, options.dist);
  const shown = path.relative(options.root, dist) || '.';
  if (options.build || !existsSync(path.join(dist, MANIFEST_FILE))) {
    options.log(`paydocs mcp: building ${shown}/ ${options.build ? '(--build)' : '(none found)'}…`);
    const { build } = await import('../build.ts');
    const stats = await build({ root: options.root, outDir: dist, log: () => {} });
    options.log(`paydocs mcp: built ${stats.pages} pages in ${(stats.ms / 1000).toFixed(1)} s`);
  }
  const site = await loadSite(dist);
  const ctx = { site, secretKey: options.secretKey, log: options.log };
  const key = options.secretKey?.trim()
    ? options.secretKey.trim().startsWith('sk_live_')
      ? 'PAYDOCS_SECRET_KEY is a production key: sign_request and verify_callback will refuse it'
      : 'signing with the key in PAYDOCS_SECRET_KEY'
    : 'signing with the documented demo key';
  if (!options.http) {
    options.log(`paydocs mcp: ${site.routes.length} pages of ${shown}/ over stdio; ${key}`);
    await serveStdio(ctx, options.version);
    return {};
  }
  // Loaded for --http only: its HTTP stack costs a stdio server's start ~0.1 s of CPU.
  const { MCP_PATH, startMcpHttp } = await import('./http.ts');
  const server = await startMcpHttp(ctx, options.version, options);
  const port = (server.address() as { port: number }).port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}${MCP_PATH}`;
  options.log(`paydocs mcp: ${site.routes.length} pages of ${shown}/ at ${url} (Streamable HTTP); ${key}`);
  return { http: server, url };
}

/**
 * `paydocs mcp` as the CLI runs it: its exit code, and whether the process stays alive (an HTTP
 * server listens). Everything it says goes to stderr: on stdio, stdout carries JSON-RPC only.
 */
export async function mcpCommand(
  options: Omit<McpCommandOptions, 'log'>,
  io: CommandIo,
): Promise<{ code: number; keepAlive: boolean }> {
  const say = { ...io, out: io.err };
  try {
    const served = await runMcp({ ...options, log: io.err });
    return { code: 0, keepAlive: Boolean(served.http) };
  } catch (error) {
    if (error instanceof SiteError) {
      io.err(`${pc.red('error')} ${error.message}`);
      return { code: 1, keepAlive: false };
    }
    if (error instanceof BuildError) return { code: report(error, say, 'pretty'), keepAlive: false };
    return { code: cannotListen(error, options, say), keepAlive: false };
  }
}
