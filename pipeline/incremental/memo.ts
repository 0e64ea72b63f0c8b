/**
 * The stage memo: every stage of the build is a function of its inputs, so its
 * result can be kept under a hash of them. One primitive for all stages: a stage
 * name plus key parts (content hashes, JSON of small inputs) → a value, in a store
 * that is on disk for `build` and `check` (node_modules/.cache/paydocs/stages, as packs:
 * pack-store.ts) and in memory for `dev`. The code hash is part of every key, so a change to the code
 * makes every stage run again. Hits and misses are counted per stage for the summary.
 * The store is synchronous (values read once each), so synchronous stages
 * such as validation use it as they are.
 */
import { sha } from '../hash.ts';

export interface MemoStore {
  get(stage: string, key: string): unknown;
  /** `json`: the value already serialized, if the caller has it (saves a second JSON.stringify). */
  set(stage: string, key: string, value: unknown, json?: string): void;
  /**
   * Marks a kept value as used without reading it (its output was reused as it was): pruning keeps
   * it. False: there is none.
   */
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
  /** Disk: the keys of the values kept for a stage (tests look inside the memo with it). */
  keys?(stage: string): string[];
}

/** Where a worker thread keeps a value it made (the task carries it; pack-store.ts `keepAt` writes it). */
export interface KeepAt {
  folder: string;
  stage: string;
  key: string;
}

/**
 * Values as they are, for the life of the process (dev server), with the generation that last used
 * each. A map per stage, by key: a dev save looks up every page's stages, and a key of
 * `${stage}/${key}` made a new string to hash for each lookup (measured: bench/HISTORY.md, memory memo).
 */
export function memoryStore(): MemoStore {
  const stages = new Map<string, Map<string, { value: unknown; generation: number }>>();
  const kept = (stage: string, key: string) => stages.get(stage)?.get(key);
  let generation = 0;
  return {
    get(stage, key) {
      const entry = kept(stage, key);
      if (entry) entry.generation = generation;
      return entry?.value;
    },
    set(stage, key, value) {
      let values = stages.get(stage);
      if (!values) stages.set(stage, (values = new Map()));
      values.set(key, { value, generation });
    },
    touch(stage, key) {
      const entry = kept(stage, key);
      if (entry) entry.generation = generation;
      return entry !== undefined;
    },
    startGeneration: () => ++generation,
    sweep(since) {
      let dropped = 0;
      for (const values of stages.values())
        for (const [k, v] of values)
          if (v.generation < since) {
            values.delete(k);
            dropped++;
          }
      return dropped;
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
  /**
   * For a disk memo: where a worker thread keeps `stage`/`key` itself (then `adopt` it); undefined
   * for a memory memo.
   */
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
    key: (stage, parts) =>
      sha([codeHash, stage, ...parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)))].join('\0')),
    get<T>(stage: string, key: string) {
      const value = store.get(stage, key) as T | undefined;
      const s = stats.get(stage) ?? { hits: 0, misses: 0 };
      if (value === undefined) s.misses++;
      else s.hits++;
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
  let hits = 0,
    misses = 0;
  for (const [stage, s] of memo.stats)
    if (stage.startsWith(prefix)) {
      hits += s.hits;
      misses += s.misses;
    }
  return { hits, misses };
}
