/**
 * A pack's bytes (`<name>.pack`): each thread appends the values it keeps to a pack of its own,
 * then a line per value to the pack's index (pack-index.ts), after the bytes, so a killed build
 * leaves at most bytes that no line names; a value is read back from its offset.
 */
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { indexLine, type Entry } from './pack-index.ts';

/** This thread's pack in each store folder (made with its first value). */
const ownPacks = new Map<string, string>();

/** A pack's name: the time it was started (base 36, so names sort by age), the process, the thread. */
const packName = () => `${Date.now().toString(36)}-${process.pid}-${threadId}`;
/** Whether this process (any of its threads) wrote the pack. */
export const ofThisProcess = (pack: string) => path.basename(pack).split('-')[1] === String(process.pid);

function ownPack(folder: string): string {
  let pack = ownPacks.get(folder);
  if (!pack) ownPacks.set(folder, (pack = path.join(folder, packName())));
  return pack;
}

/**
 * Appends a value (its parts, one after another) to this thread's pack in `folder`, then its
 * line to the pack's index.
 */
export function append(
  folder: string,
  stage: string,
  key: string,
  parts: (string | Uint8Array)[],
  text: boolean,
): Entry {
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
  appendFileSync(`${pack}.index`, indexLine(stage, key, offset, length, text));
  return { pack, offset, length, ...(text ? { text: true as const } : {}) };
}

/** A value's bytes, as the UTF-8 text they are. */
export function readEntry(entry: Entry): string {
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
