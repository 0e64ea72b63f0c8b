/**
 * The state of one `paydocs dev` run, explicit: the engine (the pipeline's steps as last
 * bundled, dev-engine.ts), its stage memo in memory, the last good site model, its search
 * index, the reader bundle, the last error and the version served. Its three changes are
 * the watcher's three kinds of save:
 * - `rebuildContent`: content/ changed: the model steps again, through the memo (only the
 *   changed pages compile), then the search index;
 * - `reloadCode`: pipeline/ or schema/ or reader/ changed: a fresh engine. The memo, keyed on
 *   the model steps' code (incremental/code-hash.ts), is kept when that code is the same —
 *   a reader edit recompiles nothing — and replaced, with the model built again, when not;
 * - `rebuildReader`: the browser bundle again.
 * The routes (dev-routes.ts) read it; the server (dev.ts) tells open pages what changed.
 */
import path from 'node:path';
import pc from 'picocolors';
import * as current from './dev-engine.ts';
import type { SiteModelBuild } from '../model.ts';
import type { ContentSet } from '../content/load.ts';
import type { Bundle } from '../emit/bundle.ts';
import type { SearchIndex } from '../search/search-step.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { bundleReader } from '../emit/bundle.ts';
import { formatDiagnostics, type BuildError } from '../diagnostics.ts';
import { SEARCH_DIR } from '../../schema/dist-layout.ts';

/** A stable search-manifest path: the index follows each save, and a page loaded before it still finds the latest. */
export const DEV_SEARCH_MANIFEST = `${SEARCH_DIR}/dev-manifest.json`;

/** Dev logs one line per rebuild, not one per step. */
const quiet = <T>(_name: string, run: () => Promise<T> | T) => Promise.resolve(run());

/** What the session tells the open pages. */
export interface SessionEvents {
  reload(): void;
  buildError(text: string): void;
  searchUpdated(): void;
}

export type DevSession = ReturnType<typeof createDevSession>;

export function createDevSession(root: string, log: (line: string) => void, events: SessionEvents) {
  const state = {
    engine: current as current.Engine,
    memo: undefined as unknown as StageMemo,
    /** The dev session's parsed Markdown chunks: a save parses only the chunks it changed. */
    chunks: current.parsedChunks(),
    built: undefined as SiteModelBuild | undefined,
    search: undefined as SearchIndex | undefined,
    /** Every search file served so far: the manifest of a page loaded before a re-index still finds its shards. */
    searchFiles: new Map<string, string>(),
    bundle: undefined as Bundle | undefined,
    lastError: undefined as string | undefined,
    /** The content as last read (by the last build, good or not): a save reads only the saved files again. */
    content: undefined as ContentSet | undefined,
    /** Set when the model's code changed: the next content build starts afresh (threads, every page). */
    rebuildAll: true,
    /** A build is running, or the session closed: the compiler's warm-up gives the thread back. */
    building: false,
    closed: false,
  };
  // A memo in memory outlives no change of the model's code (it is replaced): it needs no code hash.
  const newMemo = (engine: current.Engine) => engine.createStageMemo(engine.memoryStore(), 'this-session');
  state.memo = newMemo(current);
  /** The hash of the model steps' code the memo holds results of (scanned while the first build runs). */
  let modelHash: Promise<string | undefined> = current.modelCodeHash().catch(() => undefined);
  let dispose = () => {};
  const failed = (text: string) => {
    state.lastError = text;
    events.buildError(text);
  };

  // The page reloads first; the index follows (a content change re-indexes only the contexts it touched).
  let indexing = Promise.resolve();
  const reindex = (model: SiteModelBuild, generation: number) => {
    indexing = indexing.then(() => indexModel(model, generation)).catch((error) => log(searchFailed(error)));
  };
  const indexModel = async (model: SiteModelBuild, generation: number) => {
    if (state.built !== model) return;
    const t = performance.now();
    const fresh = await state.engine.buildSearch(model, state.memo, quiet);
    if (state.built !== model) return;
    // What neither this good build nor its index used (results of bad saves, old inputs) is dropped.
    state.memo.sweep(generation);
    state.search = fresh;
    for (const [k, v] of fresh.files) state.searchFiles.set(k, v);
    state.searchFiles.set(DEV_SEARCH_MANIFEST, fresh.files.get(fresh.manifestPath)!);
    log(pc.dim(`  search index rebuilt in ${(performance.now() - t).toFixed(0)} ms`));
    events.searchUpdated();
  };

  /** The model again, from the content as it is now: `saved` (root-relative) read again, or all of it (`reread`). */
  const buildModel = async (saved: string[], reread: boolean) => {
    const { engine, memo } = state;
    const afterSave = Boolean(state.built && state.content && !state.rebuildAll && saved.length && !reread);
    state.content = afterSave
      ? await engine.reloadContent(
          state.content!,
          saved.map((f) => path.join(root, f)),
        )
      : await engine.loadContent(root);
    // git runs for a full build; after a save only the saved files' dates change.
    const files = state.content.pages.map((p) => p.relFile);
    const dates = afterSave
      ? engine.datesAfterSave(root, state.built!.dates, saved)
      : engine.lastUpdatedDates(root, files);
    // The first build compiles every page: worker threads for it; later ones compile a page or two here.
    const pool = state.rebuildAll ? engine.createPool() : undefined;
    try {
      const input = { content: state.content, dates, memo, step: quiet, pool, chunks: state.chunks };
      return { model: await engine.buildModel(input, engine.inMemory), pool };
    } finally {
      await pool?.close();
    }
  };

  /** content/ changed (or the model's code did): the model again; errors are shown, the last good site served. */
  async function rebuildContent(saved: string[] = [], reread = false): Promise<void> {
    const start = performance.now();
    state.building = true;
    try {
      state.memo.resetStats();
      const generation = state.memo.startGeneration();
      const { model, pool } = await buildModel(saved, reread);
      state.built = model;
      state.rebuildAll = false;
      state.lastError = undefined;
      const compiled = state.engine.counted(state.memo, 'compile').misses;
      const ms = (performance.now() - start).toFixed(0);
      log(`${pc.green('✓')} built ${model.pages.length} pages in ${ms} ms${compiled ? ` (${compiled} compiled)` : ''}`);
      events.reload();
      reindex(model, generation);
      // The threads compiled this build: this one's compiler is cold for the first save. It is
      // warmed while the server waits, after the index. Only a speed-up: should it fail, the
      // next save is slower, nothing else (and the index after it still runs).
      if (pool) indexing = indexing.then(() => warmUp(model)).catch(() => {});
    } catch (error) {
      // A fresh engine has its own BuildError class: recognise the error by its diagnostics.
      const diagnostics = (error as BuildError | undefined)?.diagnostics;
      const problems = Array.isArray(diagnostics) ? diagnostics : undefined;
      log(problems ? formatDiagnostics(problems) : pc.red(String((error as Error).stack ?? error)));
      failed(problems ? formatDiagnostics(problems, false) : String((error as Error).stack ?? error));
    } finally {
      state.building = false;
    }
  }
  const warmUp = (model: SiteModelBuild) =>
    state.engine.warmUpCompiler(model, () => state.building || state.closed || state.built !== model, state.chunks);

  /**
   * The code changed: a fresh engine. Returns whether the model must be built again (its code
   * changed: a new memo, every page compiled with the new code); the last good site is served meanwhile.
   */
  async function reloadCode(): Promise<boolean> {
    try {
      const fresh = await current.freshEngine();
      dispose();
      ({ engine: state.engine, dispose } = fresh);
      if (fresh.modelHash === (await modelHash)) return false;
      modelHash = Promise.resolve(fresh.modelHash);
      state.memo = newMemo(fresh.engine);
      state.chunks = fresh.engine.parsedChunks();
      state.rebuildAll = true;
      return true;
    } catch (error) {
      log(pc.red(String((error as Error).message)));
      failed(String((error as Error).message));
      return false;
    }
  }

  /** The browser bundle again, from reader/ as it is now. */
  async function rebuildReader(): Promise<void> {
    try {
      state.bundle = await bundleReader({ minify: false, extraEntries: current.searchWorkerEntry() });
    } catch (error) {
      log(pc.red(String((error as Error).message)));
      failed(String((error as Error).message));
    }
  }

  return {
    /** The session's state, for the routes to read (never to change). */
    state: state as Readonly<typeof state>,
    rebuildContent,
    reloadCode,
    rebuildReader,
    close() {
      state.closed = true;
      dispose();
    },
  };
}

const searchFailed = (error: unknown) =>
  pc.red(
    `The search index failed: ${(error as Error).message ?? error}. ` +
      'Pages are served; search answers from the last index.',
  );
