/**
 * Stage: write. Writes every output file, and the precompressed twins of the
 * compressible ones (twins.ts), into a fresh temp folder beside dist, then swaps it
 * in: the old dist is moved aside, the new one renamed, the old one deleted. A file
 * with the same bytes in the old dist is hard-linked from there instead (no write,
 * and its twins are linked too), so a warm build writes only what changed.
 * A failed build never touches the previous dist; a killed one leaves temp folders
 * that the next build's prepareOutDir (out-dir.ts) cleans up.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_MARKER, BUILD_MARKER_TEXT, tempName } from './out-dir.ts';
import { linkOrCopy, writeTwins } from './twins.ts';
import { compressible } from '../server/hosting.ts';

export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * Fault injection for the killed-build test (test/pipeline/killed-build.test.ts):
 * PAYDOCS_CRASH_AT=<point> SIGKILLs this process at that point of the write.
 */
function crashPoint(point: 'writing' | 'written' | 'moved-aside' | 'swapped') {
  if (process.env.PAYDOCS_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}

export async function writeAtomically(outDir: string, files: OutputFiles, copies: { from: string; to: string }[] = []): Promise<void> {
  const out = path.resolve(outDir);
  const previous = existsSync(out) ? out : undefined;
  const same = new Set<string>();
  const put = async (name: string, contents: string | Uint8Array) => {
    if (previous) {
      const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
      const before = await readFile(path.join(previous, name)).catch(() => undefined);
      if (before?.equals(data)) { same.add(name); return linkOrCopy(path.join(previous, name), path.join(temp, name)); }
    }
    return writeFile(path.join(temp, name), contents);
  };
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = tempName(out, 'new', stamp);
  const old = tempName(out, 'old', stamp);
  await mkdir(temp, { recursive: true });
  try {
    const dirs = new Set<string>();
    for (const name of [...files.keys(), ...copies.map((c) => c.to)]) dirs.add(path.dirname(path.join(temp, name)));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    const entries = [...files];
    const half = entries.length >> 1;
    await Promise.all(entries.slice(0, half).map(([name, contents]) => put(name, contents)));
    crashPoint('writing');
    await Promise.all([
      ...entries.slice(half).map(([name, contents]) => put(name, contents)),
      ...copies.map((c) => copyFile(c.from, path.join(temp, c.to))),
      writeFile(path.join(temp, BUILD_MARKER), BUILD_MARKER_TEXT),
    ]);
    const copied = await Promise.all(copies.filter((c) => compressible(c.to)).map(async (c) => [c.to, await readFile(c.from)] as [string, Uint8Array]));
    await writeTwins(temp, [...files, ...copied], previous, same);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  crashPoint('written');
  // Renaming over a non-empty folder fails (ENOTEMPTY): move the old one aside first.
  let movedOld = false;
  try { await rename(out, old); movedOld = true; } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; }
  crashPoint('moved-aside');
  try {
    await rename(temp, out);
  } catch (error) {
    if (movedOld) await rename(old, out);
    throw error;
  }
  crashPoint('swapped');
  if (movedOld) await rm(old, { recursive: true, force: true });
}
