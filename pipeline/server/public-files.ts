/**
 * content/public as `paydocs dev` serves it: a file, or a link to one inside the
 * project; never a link that leads out of it (the build refuses those too).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentType } from './hosting.ts';
import { resolveInside } from './files.ts';

/** `rel`: the decoded URL path without its leading slash. Undefined → 404. */
export async function publicFile(root: string, rel: string): Promise<{ type: string; data: Uint8Array } | undefined> {
  const file = await resolveInside(path.join(root, 'content/public'), rel, root);
  if (!file) return undefined;
  try {
    return { type: contentType(file), data: await readFile(file) };
  } catch {
    return undefined;
  }
}
