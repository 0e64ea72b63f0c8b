/**
 * A pack's index (`<name>.index`): a line per value, `stage, key, offset, length[, t]`, and its
 * dead list (`<name>.dead`, the offsets a prune dropped). Read from every pack of a store
 * folder, oldest first, so the newest line of a key is read last: it wins.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a value is: its pack (path without extension), where in it and how many bytes.
 * `text`: the bytes are a string value's UTF-8, read back as that string. Any other value is
 * kept as JSON; a string is not, because JSON.stringify escapes every quote of the HTML, twins
 * and page JSON that are most of a build's values (and JSON.parse undoes it on every read).
 */
export interface Entry {
  pack: string;
  offset: number;
  length: number;
  text?: true;
}

/** The index line's last field for a text value (a JSON value's line has none). */
const TEXT = 't';

/** A value's id in the index and the store: its stage and key. */
export const entryId = (stage: string, key: string) => `${stage}\t${key}`;

/** A value's index line; `text`: the value is a string's UTF-8 (Entry). */
export const indexLine = (stage: string, key: string, offset: number, length: number, text: boolean) =>
  `${entryId(stage, key)}\t${offset}\t${length}${text ? `\t${TEXT}` : ''}\n`;

/**
 * `dead`: the offsets of its values a prune dropped (an offset, not a key: a later value of the
 * key may be in the same pack).
 */
export interface Pack {
  name: string;
  lines: { id: string; entry: Entry }[];
  dead: Set<number>;
}
/**
 * A pack's index as read: its complete lines (the last line of a pack being written, or of a
 * killed build's, may be cut short).
 */
export interface PackIndex {
  name: string;
  text: string;
  dead: Set<number>;
}

/** Every pack's index text and dead list, oldest pack first. */
export function readIndexes(dir: string): PackIndex[] {
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
    id: entryId(stage, key),
    entry: { pack, offset: Number(offset), length: Number(length), ...(kind === TEXT ? { text: true as const } : {}) },
  };
}

/** The packs' lines as entries. */
export const packsOf = (indexes: PackIndex[]): Pack[] =>
  indexes.map(({ name, text, dead }) => ({
    name,
    dead,
    lines: text.split('\n').flatMap((line) => lineEntry(name, line) ?? []),
  }));

/** The newest entry of every key. */
export function entriesOf(packs: Pack[]): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const pack of packs)
    for (const { id: k, entry } of pack.lines) if (!pack.dead.has(entry.offset)) entries.set(k, entry);
  return entries;
}

/**
 * The newest entry of one key, found in the index texts without reading them into a map: the
 * last live line of the key in the newest pack that has one (as entriesOf decides).
 */
export function findEntry(indexes: PackIndex[], k: string): Entry | undefined {
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
