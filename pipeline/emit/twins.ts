/**
 * Precompressed twins: `x.br` and `x.gz` beside every compressible output file, so
 * the servers send bytes compressed once at build time instead of compressing each
 * response (which collapses throughput). Content-hashed assets — few, small, cached
 * for a year — get strong settings; the bulk (HTML, page JSON: tens of MB) a fast
 * brotli level that keeps most of the gain. A file the previous build wrote with
 * the same content hash is linked from there with its twins (write.ts), so a warm build
 * compresses only what changed.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compressible, TWIN_ENCODINGS } from '../server/hosting.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a response fits a packet or two anyway; twins would not pay for their files. */
export const TWIN_MIN_BYTES = 1024;

const strong = (name: string) => /^assets\//.test(name);

/**
 * Brotli's quality for the assets (the reader's scripts and the diagrams). 10, not 11: 11
 * costs about three times the CPU in every cold build for under 1 % fewer bytes
 * (measured: bench/HISTORY.md, brotli quality).
 */
const STRONG_BROTLI_QUALITY = 10;

function compress(encoding: 'br' | 'gzip', name: string, data: Uint8Array): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(data, { level: strong(name) ? 9 : 6 });
  return brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: strong(name) ? STRONG_BROTLI_QUALITY : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** Whether a file of this name and size gets twins. */
export const hasTwins = (name: string, size: number) => compressible(name) && size >= TWIN_MIN_BYTES;

/** Writes the twins of one file (if it gets any) into `dir`. */
export async function writeTwinsOf(dir: string, name: string, data: Uint8Array): Promise<void> {
  if (!hasTwins(name, data.length)) return;
  await Promise.all(
    TWIN_ENCODINGS.map(async (t) => writeFile(path.join(dir, name + t.suffix), await compress(t.encoding, name, data))),
  );
}
