/** Content hashes: full sha256 hex for cache keys, 12 hex digits for file names and URL versions. */
import { hash } from 'node:crypto';

/** One-shot `crypto.hash` (Node ≥ 20.12): half the cost of `createHash` on a memo key's few hundred bytes. */
export const sha = (text: string | Uint8Array) => hash('sha256', text, 'hex');
export const shortHash = (text: string | Uint8Array) => sha(text).slice(0, 12);
