/**
 * The dev server's watcher: content/, schema/ and reader/, a burst of events taken as one
 * save (30 ms apart at most), handed on as what changed. Saves are handled one at a time:
 * a save made while one is handled waits for it.
 */
import path from 'node:path';
import chokidar from 'chokidar';

export interface Saved {
  /** Root-relative paths of the files and folders that changed. */
  files: string[];
  /** Whether code changed (schema/ or reader/): the engine and the reader bundle are made again. */
  code: boolean;
  /** Whether content/ changed. */
  content: boolean;
  /** A folder came or went: the content tree is read again as a whole. */
  folders: boolean;
}

/** Sorts a save's paths into what they change. */
export function classify(files: string[], folders: boolean): Saved {
  return {
    files,
    code: files.some((f) => /^(schema|search|reader)[/\\]/.test(f)),
    content: files.some((f) => /^content([/\\]|$)/.test(f)),
    folders,
  };
}

export function watchProject(
  root: string,
  onSave: (saved: Saved) => Promise<void>,
  onError: (error: unknown) => void,
): { close(): Promise<void> } {
  // Watch folders with a filter function: chokidar ≥ 4 ignores globs silently.
  const watcher = chokidar.watch(
    ['content', 'schema', 'search', 'reader'].map((d) => path.join(root, d)),
    {
      ignoreInitial: true,
      // As the build reads content/: a link is itself an entry (rule not-a-file), not the files behind it.
      followSymlinks: false,
      ignored: (p: string) => p.includes('node_modules') || /(^|[/\\])\.[^/\\]/.test(path.relative(root, p)),
    },
  );
  let timer: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  let folders = false;
  let handling = Promise.resolve();
  watcher.on('all', (event, file) => {
    pending.add(path.relative(root, file));
    folders ||= event === 'addDir' || event === 'unlinkDir';
    clearTimeout(timer);
    timer = setTimeout(() => {
      const saved = classify([...pending], folders);
      pending = new Set();
      folders = false;
      handling = handling.then(() => onSave(saved)).catch(onError);
    }, 30);
  });
  return {
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
