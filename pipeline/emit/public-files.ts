/**
 * The files of content/public the build copies into dist, as they are. A link is
 * followed while it stays inside the project; one that leads out of it (or nowhere)
 * is a `public-link` error, so no file from elsewhere on the machine is published.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { BuildError, type Diagnostic } from '../diagnostics.ts';
import { BUILD_MARKER, isWithin } from './out-dir.ts';
import { IMMUTABLE_PREFIXES, TWIN_ENCODINGS } from '../server/hosting.ts';

/** The project file a public file is copied from, as messages name it. */
const sourceOf = (name: string) => `content/public/${name}`;

export async function publicCopies(root: string): Promise<{ from: string; to: string }[]> {
  const publicDir = path.join(root, 'content/public');
  const realRoot = await realpath(root);
  const copies: { from: string; to: string }[] = [];
  const problems: Diagnostic[] = [];
  const seen = new Set<string>();
  const walk = async (dir: string, rel: string) => {
    const real = await realpath(dir);
    if (seen.has(real)) return; // a link back to a folder already walked
    seen.add(real);
    let entries: Dirent[];
    try { entries = await readdir(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name);
      const to = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) { await walk(abs, to); continue; }
      if (e.isFile()) { copies.push({ from: abs, to }); continue; }
      if (!e.isSymbolicLink()) continue;
      const target = await realpath(abs).catch(() => undefined);
      const where = sourceOf(to);
      if (!target || !isWithin(target, realRoot)) {
        problems.push({
          file: where, message: `Expected a file inside the project, found a link to ${target ?? 'nothing (a broken link)'}.`,
          hint: 'Copy the file into content/public instead of linking to it: everything there is published.', rule: 'public-link',
        });
        continue;
      }
      const info = await stat(target);
      if (info.isDirectory()) await walk(target, to);
      else if (info.isFile()) copies.push({ from: target, to });
    }
  };
  await walk(publicDir, '').catch((e) => { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; });
  if (problems.length) throw new BuildError(problems);
  return copies;
}

/**
 * A public file named like one the build makes (`_headers`, `sitemap.xml`, a page's
 * `index.html` or Markdown twin) would replace it, or be replaced by it, depending on the
 * order of the writes. One in a folder of hashed names (`assets/`: IMMUTABLE_PREFIXES) would
 * be cached for a year under a name that does not change with it. Both are `public-clash`.
 */
export function refuseClashes(copies: { to: string }[], claimed: (name: string) => boolean): void {
  const problems: Diagnostic[] = [];
  for (const { to } of copies) {
    const file = sourceOf(to);
    const folder = IMMUTABLE_PREFIXES.find((prefix) => `/${to}`.startsWith(prefix));
    // `x.br` beside a file the build makes is that file's precompressed twin.
    const twinOf = TWIN_ENCODINGS.find((t) => to.endsWith(t.suffix));
    if (claimed(to) || to === BUILD_MARKER || (twinOf && claimed(to.slice(0, -twinOf.suffix.length)))) problems.push({ file, rule: 'public-clash', message: `Expected a name the build does not make itself, found ${to} (the build writes a file of that name).`, hint: 'Rename or move the file. To change what the build makes there, change its source: the page, site.yaml or the hosting rules.' });
    else if (folder) problems.push({ file, rule: 'public-clash', message: `Expected a file outside ${folder.slice(1)}, found ${to} (files there are the build's, cached for a year under their name).`, hint: 'Move the file to another folder of content/public, such as img/: a change to it would not reach readers who have it cached.' });
  }
  if (problems.length) throw new BuildError(problems);
}
