/**
 * Stage: write. Output files go, as the build makes them, into a fresh temp folder
 * beside dist — with the precompressed twins of the compressible ones (twins.ts) —
 * a few at a time, so neither the files nor their compressors pile up in memory
 * (all at once, a 2,000-page build peaked at 7 GB here). `commit` then swaps the
 * folder in: the old dist is moved aside, the new one renamed, the old one deleted.
 * A file whose content hash is the one the previous build recorded for it (and that
 * dist is still the folder that build wrote, by its marker) is hard-linked from there
 * with its twins instead of written: a warm build writes only what changed, without
 * reading the old dist to compare.
 * A failed build never touches the previous dist; a killed one leaves temp folders
 * that the next build's prepareOutDir (out-dir.ts) cleans up.
 */
import { linkSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { BUILD_MARKER, BUILD_MARKER_TEXT, tempName } from './out-dir.ts';
import { hasTwins, writeTwinsOf } from './twins.ts';
import { compressible, TWIN_ENCODINGS } from '../server/hosting.ts';
import { shortHash } from '../hash.ts';

/**
 * Files in flight at once: enough to keep libuv's four threads compressing and writing,
 * few enough that their bytes and brotli/gzip states stay small.
 */
const FILES_IN_FLIGHT = 8;

/** What a build wrote: the identity of its marker file and each file's content hash (for the next build). */
export interface OutputRecord {
  marker: string;
  hashes: Record<string, string>;
}

export interface OutputWriter {
  /**
   * Writes one file (and its twins) into the new output; the promise settles when it is on disk.
   * `hash`: a hash that stands for the bytes (a stage memo key), recorded instead of hashing them.
   */
  put(name: string, contents: string | Uint8Array, hash?: string): Promise<void>;
  /**
   * Links `name` (with its twins) from the previous output if the build that wrote it recorded
   * this `hash` for it: the caller then needs neither to make nor to load its bytes. False: put it.
   */
  kept(name: string, hash: string): Promise<boolean>;
  /** Copies a file as it is (public files), with twins when compressible. */
  copy(from: string, name: string): Promise<void>;
  /** Whether a file of this name is in the new output already (put, kept or copied). */
  claimed(name: string): boolean;
  /**
   * Waits for every file, then swaps the new output in; returns what to record for the next
   * build. The old output is then deleted while the caller goes on: `removed()` waits for it.
   */
  commit(): Promise<OutputRecord>;
  /** Settles when the old output a commit moved aside is deleted (at once if there was none). */
  removed(): Promise<void>;
  /** Drops the new output (a failed build): the previous one stays as it was. */
  abort(): Promise<void>;
  /** Files written and files hard-linked from the previous output. */
  stats: { written: number; linked: number };
}

/** The points of a commit where a crash leaves a different state on disk (test/pipeline/killed-build.test.ts). */
export type WritePoint = 'writing' | 'written' | 'moved-aside' | 'swapped';

export interface WriteOptions {
  /** Told each point of the commit as it is reached: the killed-build test kills the process there. */
  atPoint?: (point: WritePoint) => void;
}

/** The folders (absolute, under `root`) holding `files`, parents before children. */
function foldersOf(root: string, files: string[]): string[] {
  const folders = new Set<string>();
  for (const name of files)
    for (let dir = path.dirname(name); dir !== '.' && !folders.has(dir); dir = path.dirname(dir)) folders.add(dir);
  return [...folders].sort().map((dir) => path.join(root, dir));
}

const markerIdentity = async (dir: string) =>
  stat(path.join(dir, BUILD_MARKER)).then(
    (s) => `${s.ino}:${s.mtimeMs}:${s.size}`,
    () => undefined,
  );

/** Opens the new output for `outDir`; `previous`: what the build that wrote the current one recorded. */
export async function openOutput(
  outDir: string,
  previous?: OutputRecord,
  { atPoint = () => {} }: WriteOptions = {},
): Promise<OutputWriter> {
  const out = path.resolve(outDir);
  // The recorded hashes describe the folder on disk only while it is the very one that build wrote.
  const prior = previous && previous.marker === (await markerIdentity(out)) ? previous.hashes : undefined;
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = tempName(out, 'new', stamp);
  const old = tempName(out, 'old', stamp);
  await mkdir(temp, { recursive: true });
  /** Makes a file's folder in the new output, once per folder (synchronously: links are made so too). */
  const made = new Set<string>();
  const used = new Set<string>();
  const folder = (file: string) => {
    const dir = path.dirname(file);
    for (let d = dir; d.length > temp.length && !used.has(d); d = path.dirname(d)) used.add(d);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
  };
  // The folders the last build wrote into, made at once on the thread pool: one by one on this
  // thread as the files come, the real site's ~400 took 40 ms of a one-page-changed build.
  // Any this build leaves empty are removed again before the swap.
  const premade = prior ? foldersOf(temp, Object.keys(prior)) : [];
  await Promise.all(premade.map((dir) => mkdir(dir, { recursive: true })));
  for (const dir of premade) made.add(dir);
  const limit = pLimit(FILES_IN_FLIGHT);
  const hashes: Record<string, string> = {};
  const names = new Set<string>();
  const pending: Promise<void>[] = [];
  const stats = { written: 0, linked: 0 };

  /**
   * Hard-links `name` and its twins from the previous output; false (and nothing left behind)
   * if one is missing. Synchronous: a link is one quick system call, and a one-page-changed
   * build makes thousands — through the thread pool each waited its turn behind the others
   * (measured: bench/build.bench.ts, one page changed).
   */
  const linkUnchanged = (name: string, size: number): boolean => {
    const parts = ['', ...(hasTwins(name, size) ? TWIN_ENCODINGS.map((t) => t.suffix) : [])];
    folder(path.join(temp, name));
    const linked: string[] = [];
    try {
      for (const s of parts) {
        linkSync(path.join(out, name + s), path.join(temp, name + s));
        linked.push(name + s);
      }
      return true;
    } catch {
      for (const f of linked) {
        try {
          unlinkSync(path.join(temp, f));
        } catch {
          /* already gone */
        }
      }
      return false;
    }
  };
  const writeOne = async (name: string, contents: string | Uint8Array, known?: string) => {
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const hash = known ?? shortHash(data);
    hashes[name] = hash;
    if (prior?.[name] === hash && linkUnchanged(name, data.length)) {
      stats.linked++;
      return;
    }
    folder(path.join(temp, name));
    await writeFile(path.join(temp, name), data);
    await writeTwinsOf(temp, name, data);
    stats.written++;
  };
  let closed = false;
  let removing = Promise.resolve();
  const track = (name: string, task: () => Promise<void>) => {
    // A failed build's stragglers (renders still in flight) write nothing once it is dropped.
    if (closed) return Promise.resolve();
    if (names.has(name)) throw new Error(`The build wrote ${name} twice.`);
    names.add(name);
    const done = limit(task);
    pending.push(done);
    done.catch(() => {});
    return done;
  };
  const settled = () => Promise.allSettled(pending);
  return {
    stats,
    put: (name, contents, hash) => track(name, () => writeOne(name, contents, hash)),
    async kept(name, hash) {
      if (closed || prior?.[name] !== hash || names.has(name)) return false;
      let size: number;
      try {
        size = statSync(path.join(out, name)).size;
      } catch {
        return false;
      }
      if (!linkUnchanged(name, size)) return false;
      names.add(name);
      hashes[name] = hash;
      stats.linked++;
      return true;
    },
    claimed: (name) => names.has(name),
    copy: (from, name) =>
      track(name, async () => {
        folder(path.join(temp, name));
        await copyFile(from, path.join(temp, name));
        if (compressible(name)) await writeTwinsOf(temp, name, await readFile(from));
        stats.written++;
      }),
    async commit() {
      atPoint('writing');
      try {
        await Promise.all(pending);
        // Children sort after their parents: reversed, a folder is emptied of its empty folders first.
        for (const dir of premade.filter((d) => !used.has(d)).reverse()) await rmdir(dir);
        await writeFile(path.join(temp, BUILD_MARKER), BUILD_MARKER_TEXT);
      } catch (error) {
        await settled();
        await rm(temp, { recursive: true, force: true });
        throw error;
      }
      const marker = (await markerIdentity(temp))!;
      atPoint('written');
      // Renaming over a non-empty folder fails (ENOTEMPTY): move the old one aside first.
      let movedOld = false;
      try {
        await rename(out, old);
        movedOld = true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      atPoint('moved-aside');
      try {
        await rename(temp, out);
      } catch (error) {
        if (movedOld) await rename(old, out);
        throw error;
      }
      atPoint('swapped');
      // ~400 folders and ~3,400 files for the real site: mostly waiting on the file system
      // (70 ms), while the build still has its records to keep.
      if (movedOld) {
        removing = rm(old, { recursive: true, force: true });
        removing.catch(() => {}); // reported by removed()
      }
      return { marker, hashes };
    },
    removed: () => removing,
    async abort() {
      closed = true;
      await settled();
      await rm(temp, { recursive: true, force: true });
    },
  };
}
