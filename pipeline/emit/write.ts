/**
 * Stage: write. Writes every output file into a fresh temp folder beside dist,
 * then swaps it in: the old dist is moved aside, the new one renamed, the old one
 * deleted. A failed build never touches the previous dist.
 */
import { mkdir, rename, rm, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';

export type OutputFiles = Map<string, string | Uint8Array>;

export async function writeAtomically(outDir: string, files: OutputFiles, copies: { from: string; to: string }[] = []): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = path.join(parent, `.dist-new-${stamp}`);
  const old = path.join(parent, `.dist-old-${stamp}`);
  await mkdir(temp, { recursive: true });
  try {
    const dirs = new Set<string>();
    for (const name of [...files.keys(), ...copies.map((c) => c.to)]) dirs.add(path.dirname(path.join(temp, name)));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    await Promise.all([
      ...[...files].map(([name, contents]) => writeFile(path.join(temp, name), contents)),
      ...copies.map((c) => copyFile(c.from, path.join(temp, c.to))),
    ]);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  // Renaming over a non-empty folder fails (ENOTEMPTY): move the old one aside first.
  let movedOld = false;
  try { await rename(outDir, old); movedOld = true; } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; }
  try {
    await rename(temp, outDir);
  } catch (error) {
    if (movedOld) await rename(old, outDir);
    throw error;
  }
  if (movedOld) await rm(old, { recursive: true, force: true });
}
