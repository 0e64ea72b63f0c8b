/**
 * Precompressed twins: `x.br` and `x.gz` beside every compressible output file, so
 * the servers send bytes compressed once at build time instead of compressing each
 * response (which collapses throughput). Content-hashed assets — few, small, cached
 * for a year — get the strongest settings; the bulk (HTML, page JSON: tens of MB) a
 * fast brotli level that keeps most of the gain. A file whose bytes are the same as
 * in the previous build takes its twins from there, so a warm build compresses only
 * what changed.
 */
import { access, link, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compressible, TWIN_ENCODINGS } from '../server/hosting.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a response fits a packet or two anyway; twins would not pay for their files. */
export const TWIN_MIN_BYTES = 1024;

const strong = (name: string) => /^assets\//.test(name);

function compress(encoding: 'br' | 'gzip', name: string, data: Uint8Array): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(data, { level: strong(name) ? 9 : 6 });
  return brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: strong(name) ? 11 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** A hard link, or a copy where the file system refuses links. */
export const linkOrCopy = (from: string, to: string) => link(from, to).catch(() => copyFile(from, to));

const exists = (file: string) => access(file).then(() => true, () => false);

/** Whether `name` has the same bytes in the previous output (`same`: known already), with its twins there too. */
async function unchanged(previous: string | undefined, name: string, data: Uint8Array, same?: Set<string>): Promise<boolean> {
  if (!previous) return false;
  if (!same?.has(name)) {
    const before = await readFile(path.join(previous, name)).catch(() => undefined);
    if (!before || !before.equals(data)) return false;
  }
  return (await Promise.all(TWIN_ENCODINGS.map((t) => exists(path.join(previous, name + t.suffix))))).every(Boolean);
}

/** Whether a file of this name and size gets twins. */
export const hasTwins = (name: string, size: number) => compressible(name) && size >= TWIN_MIN_BYTES;

/** Writes the twins of one file (if it gets any) into `dir`. */
export async function writeTwinsOf(dir: string, name: string, data: Uint8Array): Promise<void> {
  if (!hasTwins(name, data.length)) return;
  await Promise.all(TWIN_ENCODINGS.map(async (t) => writeFile(path.join(dir, name + t.suffix), await compress(t.encoding, name, data))));
}

/** Files given twins, of which reused from the previous output, and their bytes. */
export interface TwinStats { files: number; reused: number; bytes: number }

/**
 * Writes the twins of `files` (output name → bytes) into `dir`, reusing (hard-linking)
 * those of an unchanged file in `previous` (the output being replaced, if any);
 * `same`: names already known to have the same bytes there.
 */
export async function writeTwins(dir: string, files: Iterable<[string, string | Uint8Array]>, previous?: string, same?: Set<string>): Promise<TwinStats> {
  const stats: TwinStats = { files: 0, reused: 0, bytes: 0 };
  await Promise.all([...files].map(async ([name, contents]) => {
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (!hasTwins(name, data.length)) return;
    stats.files++;
    stats.bytes += data.length;
    if (await unchanged(previous, name, data, same)) {
      stats.reused++;
      await Promise.all(TWIN_ENCODINGS.map(({ suffix }) => linkOrCopy(path.join(previous!, name + suffix), path.join(dir, name + suffix))));
      return;
    }
    await writeTwinsOf(dir, name, data);
  }));
  return stats;
}
