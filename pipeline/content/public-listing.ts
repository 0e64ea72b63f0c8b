/**
 * content/public as the build publishes it, listed with the rest of the content so that
 * `check`, `dev` and `build` know the same files: the link check finds a file published
 * through a link, the build key changes when a link comes or goes, and a link that leads
 * out of the project (or nowhere) is a problem of the content (rule public-link), reported
 * with the others before anything is compiled.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isWithin } from '../paths.ts';
import { relativeFile } from '../diagnostics.ts';

/** A link in content/public the build will not follow: its target is outside the project, or nothing. */
export interface PublicLinkOut {
  relFile: string;
  target: string | undefined;
}

export interface PublicListing {
  /**
   * What the build copies, by name inside dist (`img/logo.svg`), sorted: files, and files through
   * links inside the project.
   */
  files: string[];
  linksOut: PublicLinkOut[];
}

/**
 * Walks content/public, following links (to files and folders) while they stay inside the
 * project; a folder reached twice (a link back up the tree) is walked once. Synchronous, like
 * the rest of the content's reading: nothing else runs yet, and the folder is small.
 */
export function listPublic(root: string, contentDir: string): PublicListing {
  const publicDir = path.join(contentDir, 'public');
  const files: string[] = [];
  const linksOut: PublicLinkOut[] = [];
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return { files, linksOut };
  }
  const seen = new Set<string>();
  // content/public may itself be a link: followed like any other, only inside the project.
  const publicReal = (() => {
    try {
      return realpathSync(publicDir);
    } catch {
      return undefined;
    }
  })();
  if (publicReal && !isWithin(publicReal, realRoot))
    return { files, linksOut: [{ relFile: relativeFile(root, publicDir), target: publicReal }] };
  const walk = (dir: string, rel: string) => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        walk(abs, name);
        continue;
      }
      if (e.isFile()) {
        files.push(name);
        continue;
      }
      if (!e.isSymbolicLink()) continue;
      let target: string | undefined;
      try {
        target = realpathSync(abs);
      } catch {
        target = undefined;
      }
      if (!target || !isWithin(target, realRoot)) {
        linksOut.push({ relFile: relativeFile(root, abs), target });
        continue;
      }
      const info = statSync(target, { throwIfNoEntry: false });
      if (info?.isDirectory()) walk(abs, name);
      else if (info?.isFile()) files.push(name);
    }
  };
  walk(publicDir, '');
  files.sort();
  linksOut.sort((a, b) => a.relFile.localeCompare(b.relFile));
  return { files, linksOut };
}
