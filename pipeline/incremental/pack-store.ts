/**
 * The stage memo on disk (`build`, `check`), as packs: every thread of a build appends the
 * values it keeps to a pack of its own, `<name>.pack`, and a line per value to the pack's
 * index, `<name>.index` (stage, key, offset, length). Opening the store reads the indexes;
 * reading a value reads its bytes from its pack. A value's line is written after its bytes,
 * so a killed build leaves at most bytes that no line names.
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
import {
  appendFileSync,
  closeSync,
  type Dirent,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { KeepAt, MemoStore } from './memo.ts';

/**
 * Where a value is: its pack (path without extension), where in it and how many bytes.
 * `text`: the bytes are a string value's UTF-8, read back as that string. Any other value is
 * kept as JSON; a string is not, because JSON.stringify escapes every quote of the HTML, twins
 * and page JSON that are most of a build's values (and JSON.parse undoes it on every read).
 */
interface Entry {
  pack: string;
  offset: number;
  length: number;
  text?: true;
}

/** The index line's last field for a text value (a JSON value's line has none). */
const TEXT = 't';

const id = (stage: string, key: string) => `${stage}\t${key}`;
/** When this process started: a pack another process wrote to since may still be growing. */
const startedAt = Date.now();
/** This thread's pack in each store folder (made with its first value). */
const ownPacks = new Map<string, string>();

/** A pack's name: the time it was started (base 36, so names sort by age), the process, the thread. */
const packName = () => `${Date.now().toString(36)}-${process.pid}-${threadId}`;
/** Whether this process (any of its threads) wrote the pack. */
const ofThisProcess = (pack: string) => path.basename(pack).split('-')[1] === String(process.pid);

function ownPack(folder: string): string {
  let pack = ownPacks.get(folder);
  if (!pack) ownPacks.set(folder, (pack = path.join(folder, packName())));
  return pack;
}

/** Appends a value (its parts, one after another) to this thread's pack in `folder`, then its line to the pack's index. */
function append(folder: string, stage: string, key: string, parts: (string | Uint8Array)[], text: boolean): Entry {
  const pack = ownPack(folder);
  const chunks = parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part));
  const length = chunks.reduce((n, c) => n + c.length, 0);
  let fd: number;
  try {
    fd = openSync(`${pack}.pack`, 'a');
  } catch (error) {
    // The cache folder was deleted while this process lives (a test, a user clearing it).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    fd = openSync(`${pack}.pack`, 'a');
  }
  let offset: number;
  try {
    // The file's size, not a count kept here: right even if the pack was deleted meanwhile.
    offset = fstatSync(fd).size;
    for (const chunk of chunks)
      for (let written = 0; written < chunk.length; ) written += writeSync(fd, chunk, written);
  } finally {
    closeSync(fd);
  }
  appendFileSync(`${pack}.index`, `${id(stage, key)}\t${offset}\t${length}${text ? `\t${TEXT}` : ''}\n`);
  return { pack, offset, length, ...(text ? { text: true as const } : {}) };
}

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

function readEntry(entry: Entry): string {
  const fd = openSync(`${entry.pack}.pack`, 'r');
  try {
    const bytes = Buffer.allocUnsafe(entry.length);
    for (let read = 0; read < entry.length; ) {
      const n = readSync(fd, bytes, read, entry.length - read, entry.offset + read);
      if (n === 0) throw new Error('pack ends early');
      read += n;
    }
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** `dead`: the offsets of its values a prune dropped (an offset, not a key: a later value of the key may be in the same pack). */
interface Pack {
  name: string;
  lines: { id: string; entry: Entry }[];
  dead: Set<number>;
}
/** A pack's index as read: its complete lines (the last line of a pack being written, or of a killed build's, may be cut short). */
interface PackIndex {
  name: string;
  text: string;
  dead: Set<number>;
}

/** Every pack's index text and dead list, oldest pack first. */
function readIndexes(dir: string): PackIndex[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const indexes: PackIndex[] = [];
  for (const file of names.filter((n) => n.endsWith('.index')).sort()) {
    const name = path.join(dir, file.slice(0, -'.index'.length));
    let text: string,
      deadText = '';
    try {
      text = readFileSync(`${name}.index`, 'utf8');
    } catch {
      continue;
    }
    try {
      deadText = readFileSync(`${name}.dead`, 'utf8');
    } catch {
      /* none dead */
    }
    indexes.push({
      name,
      text: text.slice(0, text.lastIndexOf('\n') + 1),
      dead: new Set(deadText.split('\n').filter(Boolean).map(Number)),
    });
  }
  return indexes;
}

/** One index line (`stage, key, offset, length[, t]`) as its id and entry; undefined if it is not whole. */
function lineEntry(pack: string, line: string): { id: string; entry: Entry } | undefined {
  const [stage, key, offset, length, kind] = line.split('\t');
  if (length === undefined) return undefined;
  return {
    id: id(stage, key),
    entry: { pack, offset: Number(offset), length: Number(length), ...(kind === TEXT ? { text: true as const } : {}) },
  };
}

const packsOf = (indexes: PackIndex[]): Pack[] =>
  indexes.map(({ name, text, dead }) => ({
    name,
    dead,
    lines: text.split('\n').flatMap((line) => lineEntry(name, line) ?? []),
  }));

/** The newest entry of every key. */
function entriesOf(packs: Pack[]): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const pack of packs)
    for (const { id: k, entry } of pack.lines) if (!pack.dead.has(entry.offset)) entries.set(k, entry);
  return entries;
}

/**
 * The newest entry of one key, found in the index texts without reading them into a map: the
 * last live line of the key in the newest pack that has one (as entriesOf decides).
 */
function findEntry(indexes: PackIndex[], k: string): Entry | undefined {
  const needle = `${k}\t`;
  for (let p = indexes.length - 1; p >= 0; p--) {
    const { name, text, dead } = indexes[p];
    for (let at = text.lastIndexOf(needle); at !== -1; at = at ? text.lastIndexOf(needle, at - 1) : -1) {
      if (at && text[at - 1] !== '\n') continue;
      const found = lineEntry(name, text.slice(at, text.indexOf('\n', at)));
      if (found && !dead.has(found.entry.offset)) return found.entry;
    }
  }
  return undefined;
}

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
      used.add(id(stage, key));
    },
    get(stage, key) {
      const entry = entryOf(id(stage, key));
      if (!entry) return undefined;
      try {
        const text = readEntry(entry);
        const value = entry.text ? text : JSON.parse(text);
        used.add(id(stage, key));
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
      kept().set(id(stage, key), entry);
      used.add(id(stage, key));
    },
    touch(stage, key) {
      if (!entryOf(id(stage, key))) return false;
      used.add(id(stage, key));
      return true;
    },
    keys(stage) {
      return [...kept().keys()].filter((k) => k.startsWith(`${stage}\t`)).map((k) => k.slice(stage.length + 1));
    },
    prune() {
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
      removed += removeOldLayout(dir);
      entries = undefined;
      indexes = undefined;
      return removed;
    },
  };
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
