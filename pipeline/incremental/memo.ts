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
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { sha } from '../hash.ts';

export interface MemoStore {
  get(stage: string, key: string): unknown;
  /** `json`: the value already serialized, if the caller has it (saves a second JSON.stringify). */
  set(stage: string, key: string, value: unknown, json?: string): void;
  /** Marks a kept value as used without reading it (its output was reused as it was): pruning keeps it. False: there is none. */
  touch?(stage: string, key: string): boolean;
  /**
   * Start a new generation of use and return its number; `sweep(n)` then drops what no
   * run since generation `n` has read or written. The dev server sweeps after each good
   * build, so results of abandoned inputs (a storm of bad saves, renamed pages) do not pile
   * up for the life of the process. Optional: the disk store is pruned by `paydocs build`.
   */
  startGeneration?(): number;
  sweep?(since: number): number;
  /** Disk: delete every kept value this process neither read nor wrote; returns how many. */
  prune?(): number;
  /** Disk: its folder, where a worker thread keeps the values it makes (`keepAt`). */
  folder?: string;
  /** Disk: a value a worker thread kept in this folder is this build's: its prune keeps it. */
  adopt?(stage: string, key: string): void;
}

/** Where a worker thread keeps a value it made (the task carries it; `keepAt` writes it). */
export interface KeepAt { folder: string; stage: string; key: string }

/** Stage folders this thread has made (made once each; made again if deleted since: see writeValue). */
const madeFolders = new Set<string>();

/** A value's JSON into `folder`/`stage`/`key`.json: written beside, then renamed, so a reader never sees half a file. */
function writeValue(folder: string, stage: string, key: string, json: string): void {
  const dir = path.join(folder, stage);
  if (!madeFolders.has(dir)) { mkdirSync(dir, { recursive: true }); madeFolders.add(dir); }
  const file = path.join(dir, `${key}.json`);
  const tmp = `${file}.${process.pid}.${threadId}.tmp`;
  try {
    writeFileSync(tmp, json);
  } catch (error) {
    // The cache folder was deleted while this process lives (a test, a user clearing it).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, json);
  }
  renameSync(tmp, file);
}

/**
 * A worker thread keeps the value it made, as the disk store would: the main thread then
 * adopts it instead of writing it. At 2,000 pages the compiled trees, HTML and twins are
 * ~320 MB of JSON: written on the main thread, they kept it from handing out tasks.
 */
export const keepAt = (at: KeepAt, json: string) => writeValue(at.folder, at.stage, at.key, json);

/** Values as they are, for the life of the process (dev server), with the generation that last used each. */
export function memoryStore(): MemoStore {
  const values = new Map<string, { value: unknown; generation: number }>();
  let generation = 0;
  return {
    get(stage, key) {
      const kept = values.get(`${stage}/${key}`);
      if (kept) kept.generation = generation;
      return kept?.value;
    },
    set: (stage, key, value) => { values.set(`${stage}/${key}`, { value, generation }); },
    touch(stage, key) { const kept = values.get(`${stage}/${key}`); if (kept) kept.generation = generation; return kept !== undefined; },
    startGeneration: () => ++generation,
    sweep(since) {
      let dropped = 0;
      for (const [k, v] of values) if (v.generation < since) { values.delete(k); dropped++; }
      return dropped;
    },
  };
}

/**
 * Values as JSON files, one folder per stage; written beside, then renamed, so a reader
 * never sees half a file. What this process used is remembered so a complete build can
 * prune the rest (results for old code and old content would otherwise pile up).
 */
export function diskStore(dir: string): MemoStore {
  const used = new Set<string>();
  return {
    folder: dir,
    adopt(stage, key) { used.add(`${stage}/${key}.json`); },
    get(stage, key) {
      try {
        const value = JSON.parse(readFileSync(path.join(dir, stage, `${key}.json`), 'utf8'));
        used.add(`${stage}/${key}.json`);
        return value;
      } catch { return undefined; }
    },
    set(stage, key, value, json) {
      writeValue(dir, stage, key, json ?? JSON.stringify(value));
      used.add(`${stage}/${key}.json`);
    },
    touch(stage, key) {
      if (!existsSync(path.join(dir, stage, `${key}.json`))) return false;
      used.add(`${stage}/${key}.json`);
      return true;
    },
    prune() {
      let removed = 0;
      let stages: string[];
      try { stages = readdirSync(dir); } catch { return 0; }
      for (const stage of stages) {
        let files: string[];
        try { files = readdirSync(path.join(dir, stage)); } catch { continue; }
        for (const f of files) {
          // Another build's half-written file (`.tmp`) is left to it.
          if (!f.endsWith('.json') || used.has(`${stage}/${f}`)) continue;
          rmSync(path.join(dir, stage, f), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** Its methods close over the memo (no `this`): `memo.runSync` passes on as a `Keep` as it is. */
export interface StageMemo {
  codeHash: string;
  /** Its values are files (a build's memo), not objects in this process's memory (the dev server's). */
  onDisk: boolean;
  /** The key of a stage's inputs: the code hash, the stage name and the parts, hashed. */
  key(stage: string, parts: readonly unknown[]): string;
  /** The stage's value for these inputs: kept, or computed now and kept. */
  run<T>(stage: string, parts: readonly unknown[], compute: () => T | Promise<T>): Promise<T>;
  runSync<T>(stage: string, parts: readonly unknown[], compute: () => T): T;
  /** Look up or keep a value under a key computed beforehand (work done elsewhere, e.g. in a worker). */
  get<T>(stage: string, key: string): T | undefined;
  set(stage: string, key: string, value: unknown, json?: string): void;
  /** For a disk memo: where a worker thread keeps `stage`/`key` itself (then `adopt` it); undefined for a memory memo. */
  keepAt(stage: string, key: string): KeepAt | undefined;
  /** A value a worker thread kept at `keepAt(stage, key)`: this build's, as if `set` here. */
  adopt(stage: string, key: string): void;
  /** See MemoStore.touch (a store that cannot tell says false). */
  touch(stage: string, key: string): boolean;
  /** Hits and misses by stage since the last `resetStats()`. */
  stats: Map<string, { hits: number; misses: number }>;
  resetStats(): void;
  /** See MemoStore: a no-op (0, 0) for stores that do not keep generations. */
  startGeneration(): number;
  sweep(since: number): number;
  /** See MemoStore.prune: 0 for stores that do not prune. */
  prune(): number;
}

/** A stage memo's `runSync` as a stage takes it: keeps a value across builds under its inputs. */
export type Keep = StageMemo['runSync'];
/** A `Keep` without a memo (tests, tools): computes the value. */
export const computeNow: Keep = (_stage, _parts, compute) => compute();

export function createStageMemo(store: MemoStore, codeHash: string): StageMemo {
  const stats = new Map<string, { hits: number; misses: number }>();
  const memo: StageMemo = {
    codeHash,
    onDisk: store.folder !== undefined,
    key: (stage, parts) => sha([codeHash, stage, ...parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)))].join('\0')),
    get<T>(stage: string, key: string) {
      const value = store.get(stage, key) as T | undefined;
      const s = stats.get(stage) ?? { hits: 0, misses: 0 };
      if (value === undefined) s.misses++; else s.hits++;
      stats.set(stage, s);
      return value;
    },
    set: (stage, key, value, json) => store.set(stage, key, value, json),
    keepAt: (stage, key) => (store.folder && store.adopt ? { folder: store.folder, stage, key } : undefined),
    adopt: (stage, key) => store.adopt?.(stage, key),
    touch: (stage, key) => store.touch?.(stage, key) ?? false,
    async run<T>(stage: string, parts: readonly unknown[], compute: () => T | Promise<T>) {
      const key = memo.key(stage, parts);
      const kept = memo.get<T>(stage, key);
      if (kept !== undefined) return kept;
      const value = await compute();
      store.set(stage, key, value);
      return value;
    },
    runSync<T>(stage: string, parts: readonly unknown[], compute: () => T) {
      const key = memo.key(stage, parts);
      const kept = memo.get<T>(stage, key);
      if (kept !== undefined) return kept;
      const value = compute();
      store.set(stage, key, value);
      return value;
    },
    stats,
    resetStats: () => stats.clear(),
    startGeneration: () => store.startGeneration?.() ?? 0,
    sweep: (since) => store.sweep?.(since) ?? 0,
    prune: () => store.prune?.() ?? 0,
  };
  return memo;
}

/** Stage hits and misses, summed over stages whose name starts with `prefix`. */
export function counted(memo: StageMemo, prefix: string): { hits: number; misses: number } {
  let hits = 0, misses = 0;
  for (const [stage, s] of memo.stats) if (stage.startsWith(prefix)) { hits += s.hits; misses += s.misses; }
  return { hits, misses };
}
