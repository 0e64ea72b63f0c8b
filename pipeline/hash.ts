/** Content hashes: full sha256 hex for cache keys, 12 hex digits for file names and URL versions. */
import { createHash } from 'node:crypto';

export const sha = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');
export const shortHash = (text: string | Uint8Array) => sha(text).slice(0, 12);
