/**
 * Stage: load. Reads the content folder into memory: pages, data files, site
 * config, sidebars and category files. No validation here — only I/O.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { routeOf } from './routes.ts';

export interface RawFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the project root, with forward slashes (for messages). */
  relFile: string;
  text: string;
  hash: string;
}

export interface RawPage extends RawFile { route: string }

export interface ContentSet {
  root: string;
  contentDir: string;
  pages: RawPage[];
  data: RawFile[];
  categories: RawFile[];
  site: RawFile | undefined;
  sidebars: RawFile | undefined;
  /** Static files copied to dist as they are (content/public/**). */
  publicFiles: string[];
}

export const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

export async function loadContent(root: string, contentDir = path.join(root, 'content')): Promise<ContentSet> {
  const entries = (await readdir(contentDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const set: ContentSet = { root, contentDir, pages: [], data: [], categories: [], site: undefined, sidebars: undefined, publicFiles: [] };
  await Promise.all(entries.map(async (entry) => {
    const file = path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
    const rel = path.relative(contentDir, file).split(path.sep).join('/');
    if (rel.startsWith('public/')) { set.publicFiles.push(rel.slice('public/'.length)); return; }
    const isPage = rel.endsWith('.md');
    const isYaml = rel.endsWith('.yaml') || rel.endsWith('.yml');
    if (!isPage && !isYaml) return;
    const text = await readFile(file, 'utf8');
    const raw: RawFile = { file, relFile: path.relative(root, file).split(path.sep).join('/'), text, hash: sha(text) };
    if (isPage) set.pages.push({ ...raw, route: routeOf(rel) });
    else if (rel.startsWith('data/')) set.data.push(raw);
    else if (rel === 'site.yaml') set.site = raw;
    else if (rel === 'sidebars.yaml') set.sidebars = raw;
    else if (/(^|\/)_category\.ya?ml$/.test(rel)) set.categories.push(raw);
  }));
  set.pages.sort((a, b) => a.route.localeCompare(b.route));
  set.data.sort((a, b) => a.file.localeCompare(b.file));
  set.publicFiles.sort();
  return set;
}
