/** A fingerprint of a folder: sha256 over every file's relative path and bytes ('missing' when absent). */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function treeHash(dir: string): string {
  const hash = createHash('sha256');
  let files: string[];
  try {
    files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return 'missing';
  }
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(path.join(dir, f)))
      .update('\0');
  return hash.digest('hex');
}
