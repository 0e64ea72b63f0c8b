/**
 * The stage memo: every stage of the build is a function of its inputs, so its
 * result can be kept under a hash of them. One primitive for all stages: a stage
 * name plus key parts (content hashes, JSON of small inputs) → a value, in a store
 * that is on disk for `build` and `check` (node_modules/.cache/paydocs/stages) and
 * in memory for `dev`. The code hash is part of every key, so a change to the code
 * makes every stage run again. Hits and misses are counted per stage for the summary.
 * The store is synchronous (small files, read once each), so synchronous stages
 * such as validation use it as they are.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha } from '../hash.ts';

export interface MemoStore {
  get(stage: string, key: string): unknown;
  /** `json`: the value already serialized, if the caller has it (saves a second JSON.stringify). */
  set(stage: string, key: string, value: unknown, json?: string): void;
  /** Drops the values of these stages whose keys are not listed (what a build no longer uses); returns how many. */
  prune?(keep: Map<string, Set<string>>): number;
}

/** Values as they are, for the life of the process (dev server). */
export function memoryStore(): MemoStore {
  const values = new Map<string, unknown>();
  return {
    get: (stage, key) => values.get(`${stage}/${key}`),
    set: (stage, key, value) => { values.set(`${stage}/${key}`, value); },
  };
}

/** Values as JSON files, one folder per stage; written beside, then renamed, so a reader never sees half a file. */
export function diskStore(dir: string): MemoStore {
  const made = new Set<string>();
  return {
    get(stage, key) {
      try { return JSON.parse(readFileSync(path.join(dir, stage, `${key}.json`), 'utf8')); } catch { return undefined; }
    },
    set(stage, key, value, json) {
      const folder = path.join(dir, stage);
      if (!made.has(folder)) { mkdirSync(folder, { recursive: true }); made.add(folder); }
      const file = path.join(folder, `${key}.json`);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, json ?? JSON.stringify(value));
      renameSync(tmp, file);
    },
    prune(keep) {
      let removed = 0;
      for (const [stage, keys] of keep) {
        let names: string[];
        try { names = readdirSync(path.join(dir, stage)); } catch { continue; }
        // Only finished values: a `.tmp` file may be another process's write under way.
        for (const name of names) {
          if (!name.endsWith('.json') || keys.has(name.slice(0, -'.json'.length))) continue;
          rmSync(path.join(dir, stage, name), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

export interface StageMemo {
  codeHash: string;
  /** The key of a stage's inputs: the code hash, the stage name and the parts, hashed. */
  key(stage: string, parts: readonly unknown[]): string;
  /** The stage's value for these inputs: kept, or computed now and kept. */
  run<T>(stage: string, parts: readonly unknown[], compute: () => T | Promise<T>): Promise<T>;
  runSync<T>(stage: string, parts: readonly unknown[], compute: () => T): T;
  /** Look up or keep a value under a key computed beforehand (work done elsewhere, e.g. in a worker). */
  get<T>(stage: string, key: string): T | undefined;
  set(stage: string, key: string, value: unknown, json?: string): void;
  /** Hits and misses by stage since the last `resetStats()`. */
  stats: Map<string, { hits: number; misses: number }>;
  resetStats(): void;
  /**
   * After a whole build: drops every value of the stages it used that it did not
   * look up or keep (older versions of pages, other code hashes), so the disk cache
   * stays the size of one build. `except`: stages whose values outlive a build.
   */
  prune(except?: string[]): number;
}

export function createStageMemo(store: MemoStore, codeHash: string): StageMemo {
  const stats = new Map<string, { hits: number; misses: number }>();
  /** Keys looked up or kept since the last `resetStats()`, by stage. */
  const used = new Map<string, Set<string>>();
  const use = (stage: string, key: string) => { let keys = used.get(stage); if (!keys) used.set(stage, (keys = new Set())); keys.add(key); };
  const memo: StageMemo = {
    codeHash,
    key: (stage, parts) => sha([codeHash, stage, ...parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)))].join('\0')),
    get<T>(stage: string, key: string) {
      use(stage, key);
      const value = store.get(stage, key) as T | undefined;
      const s = stats.get(stage) ?? { hits: 0, misses: 0 };
      if (value === undefined) s.misses++; else s.hits++;
      stats.set(stage, s);
      return value;
    },
    set: (stage, key, value, json) => { use(stage, key); store.set(stage, key, value, json); },
    async run<T>(stage: string, parts: readonly unknown[], compute: () => T | Promise<T>) {
      const key = memo.key(stage, parts);
      const kept = memo.get<T>(stage, key);
      if (kept !== undefined) return kept;
      const value = await compute();
      memo.set(stage, key, value);
      return value;
    },
    runSync<T>(stage: string, parts: readonly unknown[], compute: () => T) {
      const key = memo.key(stage, parts);
      const kept = memo.get<T>(stage, key);
      if (kept !== undefined) return kept;
      const value = compute();
      memo.set(stage, key, value);
      return value;
    },
    stats,
    resetStats: () => { stats.clear(); used.clear(); },
    prune: (except = []) => store.prune?.(new Map([...used].filter(([stage]) => !except.includes(stage)))) ?? 0,
  };
  return memo;
}

/** Stage hits and misses, summed over stages whose name starts with `prefix`. */
export function counted(memo: StageMemo, prefix: string): { hits: number; misses: number } {
  let hits = 0, misses = 0;
  for (const [stage, s] of memo.stats) if (stage.startsWith(prefix)) { hits += s.hits; misses += s.misses; }
  return { hits, misses };
}
