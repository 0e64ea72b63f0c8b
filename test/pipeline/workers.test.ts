/** The build's worker pool: a thread that dies is a named error, never a hang. */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { createPool, sharedJson, WorkerExitError } from '../../pipeline/workers/pool.ts';
import { build } from '../../pipeline/build.ts';
import { fixtureCopy, projectRoot } from '../helpers.ts';

const exitsSilently = path.join(projectRoot, 'test/fixtures/workers/exits-silently.mjs');

describe('worker pool', () => {
  it('runs per-page tasks on real threads', async () => {
    const pool = createPool({ size: 2 });
    try {
      const answer = await pool.run<[string, string]>({ type: 'prerender', manifest: sharedJson(JSON.stringify(null)), route: '/nope', options: { assets: { appJs: '', appCss: '', themeJs: '', manifestUrl: '' } } }, 'prerendering /nope').catch((e: Error) => e);
      // A bad task is the task's own error, not a dead thread.
      expect(answer).toBeInstanceOf(Error);
      expect(answer).not.toBeInstanceOf(WorkerExitError);
    } finally { await pool.close(); }
  });

  it('a thread that exits without an error event fails the task with WorkerExitError', async () => {
    const pool = createPool({ size: 2, filename: exitsSilently });
    try {
      const error = await pool.run({ type: 'compile', ctx: sharedJson('{}'), input: {} }, 'compiling /x').catch((e: Error) => e);
      expect(error).toBeInstanceOf(WorkerExitError);
      expect((error as Error).message).toMatch(/exited with code: 0 while compiling \/x/);
    } finally { await pool.close(); }
  });

  it('a build whose worker dies fails (the CLI exits non-zero) and leaves no dist', async () => {
    // Enough pages for the compile to go to the threads.
    const pages = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`content/extra-${i}.md`, `---\ntitle: Extra ${i}\ndescription: An extra page to give the worker threads work.\nkeywords: [extra]\n---\nText ${i}.\n`]));
    const site = await fixtureCopy(pages);
    try {
      const pool = createPool({ size: 2, filename: exitsSilently });
      await expect(build({ root: site.root, cacheDir: false, pool })).rejects.toBeInstanceOf(WorkerExitError);
      await pool.close();
      const { existsSync } = await import('node:fs');
      expect(existsSync(path.join(site.root, 'dist'))).toBe(false);
    } finally { await site.cleanup(); }
  });
});
