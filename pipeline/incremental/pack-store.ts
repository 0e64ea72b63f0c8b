/**
 * The stage memo on disk (`build`, `check`), as packs: every thread of a build appends the
 * values it keeps to a pack of its own, `<name>.pack`, and a line per value to the pack's
 * index, `<name>.index` (stage, key, offset, length). Opening the store reads the indexes;
 * reading a value reads its bytes from its pack. A value's line is written after its bytes,
 * so a killed build leaves at most bytes that no line names. pack-file.ts writes and reads a
 * pack's bytes, pack-index.ts reads its index.
 *
 * Why not a file per value (as before): a cold build makes thousands of them, and on an ext4
 * without a journal a new file costs the kernel a scan past every inode deleted in the last
 * minutes — the last dist, the last cache (measured: bench/HISTORY.md, pack store).
 *
 * Names start with the time in base 36, so reading the indexes in name order reads the
 * newest line of a key last: it wins. Pruning drops a pack none of whose values a build used,
 * and lists the unused values of the others in `<name>.dead` (read with the index), so a pack
 * needs no rewriting; a pack holds at most what was live when it was written.
 */
import { appendFileSync, type Dirent, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { KeepAt, MemoStore } from './memo.ts';
import { append, ofThisProcess, readEntry } from './pack-file.ts';
import { entriesOf, entryId, findEntry, packsOf, readIndexes, type Entry, type PackIndex } from './pack-index.ts';

/** When this process started: a pack another process wrote to since may still be growing. */
const startedAt = Date.now();

/**
 * A worker thread keeps the value it made, as the disk store would: the main thread then
 * adopts it instead of writing it: written on the main thread, they kept it from handing out
 * tasks (measured: bench/HISTORY.md, values kept by workers).
 */
export const keepAt = (at: KeepAt, json: string): void => {
  append(at.folder, at.stage, at.key, [json], false);
};

/** `keepAt` for a string value, given as its UTF-8 (in parts, joined as they are): read back as that string. */
export const keepTextAt = (at: KeepAt, ...parts: (string | Uint8Array)[]): void => {
  append(at.folder, at.stage, at.key, parts, true);
};

/**
 * Questions answered from the index texts before they are read into a map. A build that finds
 * its dist up to date asks two or three (the dist record, the reader bundle's): making the map
 * of every line was most of that build's own time (measured: bench/HISTORY.md, pack index lookups).
 */
const LOOKUPS_BEFORE_MAP = 8;

/**
 * The disk store. What this process used (read, wrote, or adopted from its worker threads)
 * is remembered, so a complete build can prune the rest: results for old code and old
 * content would otherwise pile up.
 */
export function diskStore(dir: string): MemoStore {
  const used = new Set<string>();
  let entries: Map<string, Entry> | undefined;
  let indexes: PackIndex[] | undefined;
  let lookups = 0;
  // The index texts are read at the first question (a build's first, is the dist up to date?,
  // comes before any value is kept); the map of their lines after LOOKUPS_BEFORE_MAP questions,
  // or at the first value kept or key listed.
  const kept = () => (entries ??= entriesOf(packsOf((indexes ??= readIndexes(dir)))));
  const entryOf = (k: string) =>
    entries || ++lookups > LOOKUPS_BEFORE_MAP ? kept().get(k) : findEntry((indexes ??= readIndexes(dir)), k);
  return {
    folder: dir,
    adopt(stage, key) {
      used.add(entryId(stage, key));
    },
    get(stage, key) {
      const entry = entryOf(entryId(stage, key));
      if (!entry) return undefined;
      try {
        const text = readEntry(entry);
        const value = entry.text ? text : JSON.parse(text);
        used.add(entryId(stage, key));
        return value;
      } catch {
        return undefined;
      }
    },
    set(stage, key, value, json) {
      // A string given as itself (not as JSON the caller made) is kept as text.
      const entry =
        typeof value === 'string' && json === undefined
          ? append(dir, stage, key, [value], true)
          : append(dir, stage, key, [json ?? JSON.stringify(value)], false);
      kept().set(entryId(stage, key), entry);
      used.add(entryId(stage, key));
    },
    touch(stage, key) {
      if (!entryOf(entryId(stage, key))) return false;
      used.add(entryId(stage, key));
      return true;
    },
    keys(stage) {
      return [...kept().keys()].filter((k) => k.startsWith(`${stage}\t`)).map((k) => k.slice(stage.length + 1));
    },
    prune() {
      const removed = pruneUnused(dir, used) + removeOldLayout(dir);
      entries = undefined;
      indexes = undefined;
      return removed;
    },
  };
}

/**
 * Drops what this process did not use: a pack none of whose newest values were used goes,
 * the unused values of the others are listed in their dead lists. Returns how many values went.
 */
function pruneUnused(dir: string, used: Set<string>): number {
  // Read again: the worker threads' packs are this build's too.
  const packs = packsOf(readIndexes(dir));
  const newest = entriesOf(packs);
  let removed = 0;
  for (const pack of packs) {
    // Only a key's newest value counts: an older one (a key kept again since) is dead already.
    const newestHere = pack.lines.filter(({ id: k, entry }) => newest.get(k) === entry);
    const dead = newestHere.filter(({ id: k }) => !used.has(k)).map(({ entry }) => entry.offset);
    const someLive = dead.length < newestHere.length;
    if (!dead.length && someLive) continue;
    // Another build may still be writing to a pack it touched since this one started.
    if (
      !ofThisProcess(pack.name) &&
      (statSync(`${pack.name}.index`, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= startedAt
    )
      continue;
    removed += dead.length;
    if (someLive) appendFileSync(`${pack.name}.dead`, dead.map((offset) => `${offset}\n`).join(''));
    else for (const ext of ['.index', '.dead', '.pack']) rmSync(`${pack.name}${ext}`, { force: true });
  }
  return removed;
}

/** The memo before packs kept a file per value in a folder per stage: gone at the first prune. */
function removeOldLayout(dir: string): number {
  let removed = 0;
  let names: Dirent[];
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.isDirectory()) continue;
    const folder = path.join(dir, name.name);
    removed += readdirSync(folder).length;
    rmSync(folder, { recursive: true, force: true });
  }
  return removed;
}
