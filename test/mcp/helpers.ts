/**
 * `paydocs mcp` as an assistant runs it: spawned through bin/paydocs.js and driven by the SDK's
 * own Client, over stdio or Streamable HTTP. Its stderr is kept (the log), and the client's
 * transport errors (a stdout line that is no JSON-RPC would be one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { projectRoot } from '../helpers.ts';

const bin = path.join(projectRoot, 'bin/paydocs.js');

/** The environment of the server: this one's, without a signing key unless `env` gives one. */
function serverEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'PAYDOCS_SECRET_KEY') out[k] = v;
  return { ...out, ...env };
}

export interface Connected {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  log: () => string;
  /** Errors of the client's transport (e.g. a stdout line that is no JSON-RPC). */
  errors: Error[];
  close: () => Promise<void>;
}

export interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
  isError?: boolean;
}

export const call = async (c: Connected, name: string, args: Record<string, unknown>): Promise<ToolResult> =>
  (await c.client.callTool({ name, arguments: args })) as ToolResult;

/** The text of a result, all parts joined. */
export const textOf = (r: ToolResult) => r.content.map((c) => c.text).join('\n');

export async function connectStdio(dist: string, env: Record<string, string> = {}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--dist', dist],
    cwd: projectRoot,
    env: serverEnv(env),
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (d: Buffer) => {
    log += d.toString('utf8');
  });
  const client = new Client({ name: 'paydocs-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  return { client, log: () => log, errors, close: () => client.close() };
}

/** `paydocs mcp --http` on a free loopback port; resolves with its /mcp URL once it listens. */
export async function startHttp(
  dist: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; log: () => string; stop: () => void }> {
  const child = spawn(process.execPath, [bin, 'mcp', '--http', '--port', '0', '--dist', dist], {
    cwd: projectRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      log += d.toString('utf8');
      const m = /at (http:\/\/\S+\/mcp)/.exec(log);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`paydocs mcp --http exited (${code}): ${log}${out}`)));
  });
  return { url, child, log: () => log + out, stop: () => child.kill() };
}

export async function connectHttp(url: string): Promise<Connected> {
  const client = new Client({ name: 'paydocs-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (e) => errors.push(e);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, log: () => '', errors, close: () => client.close() };
}

/** A resource's text (paydocs serves text resources only). */
export const resourceText = (r: { contents: ({ text: string } | { blob: string })[] }) =>
  'text' in r.contents[0] ? r.contents[0].text : '';
