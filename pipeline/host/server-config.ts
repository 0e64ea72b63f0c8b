/**
 * What the web server configurations (nginx.ts, caddy.ts) share: their options, the headers
 * every response gets (from the hosting rules, pipeline/server/hosting.ts) and how a value is
 * quoted — nginx and Caddy read a double-quoted string alike.
 */
import { SECURITY_HEADERS } from '../server/hosting.ts';

export interface HostOptions {
  /** The built site (absolute). */
  root: string;
  port: number;
  /** Interface to listen on: loopback unless told otherwise. */
  host?: string;
}

export const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The headers of every response, name and value: the security headers, then its Cache-Control. */
export const responseHeaders = (cacheControl: string): [string, string][] => [
  ...Object.entries(SECURITY_HEADERS),
  ['Cache-Control', cacheControl],
];
