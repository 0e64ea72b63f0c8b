/**
 * The content-hash cache of compiled pages: memory first (dev server), then disk
 * (node_modules/.cache/paydocs), keyed by sha256 of the code hash + context + file.
 * It belongs to a build object; there is no module-level state.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { codeHash } from './incremental/code-hash.ts';
import type { CompiledPage } from './compile/compile-page.ts';
import { sha } from './content/load.ts';

export interface PageCache {
  compilerHash: string;
  /** Disk folder, if any: worker threads write their entries there themselves. */
  dir?: string;
  /** Keep a page in memory only (its disk entry was written elsewhere). */
  remember(key: string, page: CompiledPage): void;
  get(key: string): Promise<CompiledPage | undefined>;
  set(key: string, page: CompiledPage): Promise<void>;
}

export async function createPageCache(dir: string | undefined): Promise<PageCache> {
  const memory = new Map<string, CompiledPage>();
  const hash = await codeHash();
  if (dir) await mkdir(dir, { recursive: true });
  return {
    compilerHash: hash,
    dir,
    remember(key, page) { memory.set(key, page); },
    async get(key) {
      // Compiled pages are immutable once made: later stages copy before they change one.
      const hit = memory.get(key);
      if (hit) return hit;
      if (!dir) return undefined;
      try {
        const page = JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as CompiledPage;
        memory.set(key, page);
        return page;
      } catch { return undefined; }
    },
    async set(key, page) {
      memory.set(key, page);
      if (dir) await writeFile(path.join(dir, `${key}.json`), JSON.stringify(page));
    },
  };
}
