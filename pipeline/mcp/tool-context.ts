/**
 * What every tool module is given: the built site, the signing key from the server's
 * environment (read by the CLI, never by a tool), and where logs go (stderr: on stdio,
 * stdout carries JSON-RPC only).
 */
import type { Site } from './site.ts';

export interface ToolContext {
  site: Site;
  /** PAYDOCS_SECRET_KEY as the CLI read it; undefined → the documented demo key. Never printed. */
  secretKey?: string;
  log: (line: string) => void;
}

/** Every tool reads the built site only: nothing it does changes anything or reaches the network. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
