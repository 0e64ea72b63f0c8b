/** The build's worker pool: a thread that dies is a named error, never a hang. */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { createPool, sharedJson, WorkerExitError } from '../../pipeline/workers/pool.ts';
import { build } from '../../pipeline/build.ts';
import { fixtureCopy, projectRoot } from '../helpers.ts';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createStageMemo } from '../../pipeline/incremental/memo.ts';
import { diskStore } from '../../pipeline/incremental/pack-store.ts';

const exitsSilently = path.join(projectRoot, 'test/fixtures/workers/exits-silently.mjs');

describe('worker pool', () => {
  it('runs per-page tasks on real threads', async () => {
    const pool = createPool({ size: 2 });
    try {
      const answer = await pool
        .run<string>(
          {
            type: 'prerender',
            manifest: sharedJson(JSON.stringify(null)),
            generatedData: sharedJson('{}'),
            route: '/nope',
            options: { assets: { appJs: '', appCss: '', themeJs: '', manifestUrl: '' } },
          },
          'prerendering /nope',
        )
        .catch((e: Error) => e);
      // A bad task is the task's own error, not a dead thread.
      expect(answer).toBeInstanceOf(Error);
      expect(answer).not.toBeInstanceOf(WorkerExitError);
    } finally {
      await pool.close();
    }
  });

  it('a thread that exits without an error event fails the task with WorkerExitError', async () => {
    const pool = createPool({ size: 2, filename: exitsSilently });
    try {
      const error = await pool
        .run({ type: 'compile', ctx: sharedJson('{}'), input: {} }, 'compiling /x')
        .catch((e: Error) => e);
      expect(error).toBeInstanceOf(WorkerExitError);
      expect((error as Error).message).toMatch(/exited with code: 0 while compiling \/x/);
    } finally {
      await pool.close();
    }
  });

  it('threads load scripts by import(), not require(esm), which aborts Node if a thread stops mid-load', async () => {
    // piscina require()s its script; for an ES module Node 20.20 then loads it synchronously, and
    // a pool stopping a thread in that load (one thread died, the build failed early) aborted the
    // whole process (FATAL ERROR in v8::Module::IsGraphAsync): entry.cjs imports it instead.
    const pool = createPool({
      size: 2,
      filename: path.join(projectRoot, 'test/fixtures/workers/tells-how-loaded.mjs'),
    });
    try {
      expect(await pool.run({ type: 'warm' }, 'starting')).toBe('import');
    } finally {
      await pool.close();
    }
  });

  it('a build whose worker dies fails (the CLI exits non-zero) and leaves no dist', async () => {
    // Enough pages for the compile to go to the threads.
    const pages = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `content/extra-${i}.md`,
        `---\ntitle: Extra ${i}\ndescription: An extra page to give ` +
          `the worker threads work.\nkeywords: [extra]\n---\nText ${i}.\n`,
      ]),
    );
    const site = await fixtureCopy(pages);
    try {
      const pool = createPool({ size: 2, filename: exitsSilently });
      await expect(build({ root: site.root, cacheDir: false, pool })).rejects.toBeInstanceOf(WorkerExitError);
      await pool.close();
      const { existsSync } = await import('node:fs');
      expect(existsSync(path.join(site.root, 'dist'))).toBe(false);
    } finally {
      await site.cleanup();
    }
  });

  it('a worker thread keeps what it compiles, renders, writes in the disk memo; the next build reads it', async () => {
    // Enough pages that the stages hand them to the threads.
    const pages = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `content/notes/note-${i}.md`,
        `---\ntitle: Note ${i}\ndescription: A note about settlement batches, number ${i}.\nkeywords: ` +
          `[note]\n---\nSettlement batch ${i} closes at midnight UTC.\n\n## Cut-off\n\nText ${i}.\n`,
      ]),
    );
    const site = await fixtureCopy(pages);
    const cacheDir = path.join(site.root, 'cache');
    const setHere = new Map<string, number>();
    const adopted = new Map<string, number>();
    const counting = () => {
      const memo = createStageMemo(diskStore(cacheDir), 'test');
      const count = (m: Map<string, number>, stage: string) => m.set(stage, (m.get(stage) ?? 0) + 1);
      const { set, adopt } = memo;
      return {
        ...memo,
        set: (stage: string, key: string, value: unknown, json?: string) => {
          count(setHere, stage);
          set(stage, key, value, json);
        },
        adopt: (stage: string, key: string) => {
          count(adopted, stage);
          adopt(stage, key);
        },
      };
    };
    const pool = createPool({ size: 1 });
    try {
      const first = await build({ root: site.root, memo: counting(), pool });
      expect(first.compiled).toBe(first.pages);
      for (const stage of ['compile', 'page-json', 'prerender', 'twin']) {
        expect(setHere.get(stage) ?? 0, stage).toBe(0);
        expect(adopted.get(stage), stage).toBeGreaterThanOrEqual(first.pages);
      }
      await rm(path.join(site.root, 'dist'), { recursive: true });
      const second = await build({ root: site.root, memo: counting(), pool });
      expect(second).toMatchObject({ compiled: 0, rendered: 0, twins: 0 });
      // Nor was any page JSON made again: the threads' files were there.
      expect(setHere.get('page-json') ?? 0).toBe(0);
    } finally {
      await pool.close();
      await site.cleanup();
    }
  }, 60_000);

  it("a worker's page JSON is this thread's, group tables filled; so are the HTML and twins made from it", async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `content/notes/note-${i}.md`,
        `---\ntitle: Note ${i}\ndescription: A note about settlement batches, number ` +
          `${i}.\nkeywords: [note]\n---\nSettlement batch ${i} closes at midnight UTC.\n`,
      ]),
    );
    const site = await fixtureCopy(pages);
    const pool = createPool({ size: 2 });
    try {
      // The page JSON, the HTML and twin of the API page (its generated parts travel beside its page JSON),
      // and llms-full.txt, joined from the twins' bytes there and from strings here.
      const made = ['api/v2/transaction/create/index.html', 'api/v2/transaction/create.md', 'llms-full.txt'];
      const files = async () => {
        const dir = path.join(site.root, 'dist/_data/pages');
        const names = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.json')).sort();
        const texts = new Map(
          await Promise.all(names.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as const)),
        );
        for (const f of made) texts.set(f, await readFile(path.join(site.root, 'dist', f), 'utf8'));
        return texts;
      };
      await build({ root: site.root, cacheDir: path.join(site.root, 'cache'), pool });
      const there = await files();
      await build({ root: site.root, cacheDir: false, pool: false });
      const here = await files();
      expect(there.size).toBe(38 + made.length);
      expect(there.get(made[0])).toContain('Idempotency-Key');
      expect(there.get(made[1])).toContain('Idempotency-Key');
      expect([...there.keys()]).toEqual([...here.keys()]);
      for (const [f, json] of here) expect(there.get(f), f).toBe(json);
      // The group page's overview table is filled from its variants (pipeline/kinds/payment-group).
      expect(there.get('services/pix.json')).toContain('pix_payin_brl');
    } finally {
      await pool.close();
      await site.cleanup();
    }
  }, 60_000);
});
