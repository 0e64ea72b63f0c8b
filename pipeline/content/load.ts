/**
 * Stage: load. Reads the content folder into memory: pages, data files, site
 * config, sidebars and category files. No validation here — only I/O, and a clear error
 * when there is no content folder to read.
 */
import { lstatSync, readFileSync, readlinkSync, statSync, type Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { routeOf } from './routes.ts';
import { BuildError, relativeFile } from '../diagnostics.ts';
import { listPublic, type PublicLinkOut } from './public-listing.ts';

export interface RawFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the project root, with forward slashes (for messages). */
  relFile: string;
  text: string;
  hash: string;
}

export interface RawPage extends RawFile {
  route: string;
}

export interface ContentSet {
  root: string;
  contentDir: string;
  pages: RawPage[];
  data: RawFile[];
  categories: RawFile[];
  site: RawFile | undefined;
  sidebars: RawFile | undefined;
  /**
   * Static files copied to dist as they are (content/public/**, through links inside the project):
   * public-listing.ts.
   */
  publicFiles: string[];
  /** Links in content/public that lead out of the project or nowhere (rule public-link). */
  publicLinksOut: PublicLinkOut[];
  /** content/diagrams/: the diagram list and its D2 sources (pipeline/diagrams/). */
  diagrams: RawFile[];
  /** Entries named like content that are not files the build reads: links and pipes (rule not-a-file). */
  unread: UnreadEntry[];
}

/**
 * A link (to a file or a folder) or a pipe, socket or device with a content file's name,
 * outside content/public/ (whose links public-listing.ts follows). Listed, never read: a pipe would
 * hang the read, and a build that followed links would publish what the dev server's watcher
 * does not see change.
 */
export interface UnreadEntry {
  file: string;
  relFile: string;
  found: string;
  folder: boolean;
}

export { sha } from '../hash.ts';
import { sha } from '../hash.ts';

/** Drops the set's version of a file (a reload, or a deletion). */
function drop(set: ContentSet, file: string): void {
  set.pages = set.pages.filter((p) => p.file !== file);
  set.data = set.data.filter((p) => p.file !== file);
  set.categories = set.categories.filter((p) => p.file !== file);
  set.diagrams = set.diagrams.filter((p) => p.file !== file);
  if (set.site?.file === file) set.site = undefined;
  if (set.sidebars?.file === file) set.sidebars = undefined;
  set.unread = set.unread.filter((u) => u.file !== file);
}

function publicName(set: ContentSet, file: string): string | undefined {
  const rel = path.relative(set.contentDir, file).split(path.sep).join('/');
  return rel.startsWith('public/') ? rel.slice('public/'.length) : undefined;
}

/** Whether `file` is content/public itself or lies in it: listed as a whole (public-listing.ts), not entry by entry. */
const inPublic = (set: ContentSet, file: string) =>
  publicName(set, file) !== undefined || path.relative(set.contentDir, file) === 'public';

/** Where a content file belongs in the set (or nowhere); the set has no version of it yet. */
function place(set: ContentSet, file: string, text: string): void {
  if (publicName(set, file) !== undefined) return; // listed as a whole (public-listing.ts)
  const rel = path.relative(set.contentDir, file).split(path.sep).join('/');
  const relFile = path.relative(set.root, file).split(path.sep).join('/');
  const raw: RawFile = { file, relFile, text, hash: sha(text) };
  if (rel.startsWith('diagrams/')) {
    if (/\.(d2|ya?ml)$/.test(rel)) set.diagrams.push(raw);
    return;
  }
  if (rel.endsWith('.md')) set.pages.push({ ...raw, route: routeOf(rel) });
  else if (!/\.ya?ml$/.test(rel)) return;
  else if (rel.startsWith('data/')) set.data.push(raw);
  else if (rel === 'site.yaml') set.site = raw;
  else if (rel === 'sidebars.yaml') set.sidebars = raw;
  else if (/(^|\/)_category\.ya?ml$/.test(rel)) set.categories.push(raw);
}

function sortSet(set: ContentSet): ContentSet {
  set.pages.sort((a, b) => a.route.localeCompare(b.route));
  set.data.sort((a, b) => a.file.localeCompare(b.file));
  set.categories.sort((a, b) => a.file.localeCompare(b.file));
  set.diagrams.sort((a, b) => a.file.localeCompare(b.file));
  set.unread.sort((a, b) => a.file.localeCompare(b.file));
  return set;
}

const wanted = (file: string) => /\.(md|ya?ml|d2)$/.test(file);

/**
 * What an entry of content/ is, when the build will not read it (see UnreadEntry); undefined for
 * files, folders and other names.
 */
function unreadEntry(
  set: ContentSet,
  file: string,
  entry: Pick<Dirent, 'isFile' | 'isDirectory' | 'isSymbolicLink' | 'isFIFO' | 'isSocket'>,
): UnreadEntry | undefined {
  if (entry.isFile() || entry.isDirectory() || inPublic(set, file)) return undefined;
  if (entry.isSymbolicLink()) {
    const target = readlinkSync(file);
    // A link to itself or in a loop (ELOOP) points at nothing: like a broken one, not a folder.
    const folder = (() => {
      try {
        return statSync(file, { throwIfNoEntry: false })?.isDirectory();
      } catch {
        return false;
      }
    })();
    if (!folder && !wanted(file)) return undefined;
    return { file, relFile: relativeFile(set.root, file), found: `a link to ${target}`, folder: !!folder };
  }
  if (!wanted(file)) return undefined;
  return {
    file,
    relFile: relativeFile(set.root, file),
    found: entry.isFIFO() ? 'a named pipe' : entry.isSocket() ? 'a socket' : 'a device',
    folder: false,
  };
}

export async function loadContent(root: string, contentDir = path.join(root, 'content')): Promise<ContentSet> {
  if (!statSync(contentDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BuildError([
      {
        file: `${relativeFile(root, contentDir)}/`,
        message: `Expected a content folder in ${root}, found none`,
        rule: 'content-folder',
      },
    ]);
  }
  const all = await readdir(contentDir, { recursive: true, withFileTypes: true });
  const { files: publicFiles, linksOut: publicLinksOut } = listPublic(root, contentDir);
  const set: ContentSet = {
    root,
    contentDir,
    pages: [],
    data: [],
    categories: [],
    site: undefined,
    sidebars: undefined,
    publicFiles,
    publicLinksOut,
    diagrams: [],
    unread: [],
  };
  const pathOf = (entry: Dirent) =>
    path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
  for (const entry of all) {
    const unread = unreadEntry(set, pathOf(entry), entry);
    if (unread) set.unread.push(unread);
  }
  const files = all.filter((e) => e.isFile()).map(pathOf);
  // Synchronously: nothing else runs yet, and through the thread pool each small file cost four
  // round trips (open, stat, read, close; measured: bench/HISTORY.md, loading files).
  const texts = files.map((file) =>
    wanted(file) && publicName(set, file) === undefined ? readFileSync(file, 'utf8') : '',
  );
  files.forEach((file, i) => place(set, file, texts[i]));
  return sortSet(set);
}

/**
 * Dev: a new content set from the previous one with only `changed` files read
 * again (deleted files drop out). The previous set is left as it was.
 */
export async function reloadContent(previous: ContentSet, changed: string[]): Promise<ContentSet> {
  const set: ContentSet = {
    ...previous,
    pages: [...previous.pages],
    data: [...previous.data],
    categories: [...previous.categories],
    diagrams: [...previous.diagrams],
    unread: [...previous.unread],
  };
  // A change in content/public (a file, a link, a linked folder) lists it again as a whole.
  if (changed.some((file) => inPublic(set, file))) {
    ({ files: set.publicFiles, linksOut: set.publicLinksOut } = listPublic(set.root, set.contentDir));
  }
  for (const file of changed) {
    if (!file.startsWith(set.contentDir + path.sep) || inPublic(set, file)) continue;
    drop(set, file);
    const entry = lstatSync(file, { throwIfNoEntry: false });
    const unread = entry && unreadEntry(set, file, entry);
    if (unread) {
      set.unread.push(unread);
      continue;
    }
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) place(set, file, wanted(file) ? text : '');
  }
  return sortSet(set);
}
