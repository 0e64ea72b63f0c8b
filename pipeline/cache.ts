/**
 * The content-hash cache of compiled pages: memory first (dev server), then disk
 * (node_modules/.cache/paydocs), keyed by sha256 of compiler code + context + file.
 * It belongs to a build object; there is no module-level state.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from './paths.ts';
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

/** Hash of the code that decides a compiled page, so a code change invalidates the cache. */
export async function compilerHash(): Promise<string> {
  const dirs = ['compile', 'generate', 'sources'].map((d) => projectPath('pipeline', d));
  const files = (await Promise.all(dirs.map(async (d) => (await readdir(d).catch(() => [])).map((f) => path.join(d, f))))).flat().sort();
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8').catch(() => '')));
  return sha(texts.join('\0') + process.version);
}

export async function createPageCache(dir: string | undefined): Promise<PageCache> {
  const memory = new Map<string, CompiledPage>();
  const hash = await compilerHash();
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
