/** What `paydocs build` says it did (cli.ts prints it; the next build keeps it for "already up to date"). */
import { gzipSync } from 'node:zlib';
import type { Bundle } from './emit/bundle.ts';
import type { SiteOutput } from './emit/site-output.ts';
import { counted, type StageMemo } from './incremental/memo.ts';
import type { SiteModelBuild } from './model.ts';
import type { StepLog } from './step.ts';

export interface BuildStats {
  pages: number;
  ms: number;
  initialJsGzip: number;
  cssGzip: number;
  pageJsonBytes: number;
  /** What this build did again and what it took from the memo. */
  compiled: number;
  rendered: number;
  shardsRebuilt: number;
  fromCache: number;
  upToDate: boolean;
  /** Markdown twins made (not taken from the memo). */
  twins: number;
  steps: StepLog[];
}

/** The figures of a build that wrote its dist; `initialScripts`: what a page loads before its first paint. */
export function buildStats(
  run: { model: SiteModelBuild; bundle: Bundle; initialScripts: string[]; written: SiteOutput; memo: StageMemo },
  ms: number,
  steps: StepLog[],
): BuildStats {
  const { model, bundle, written } = run;
  const compiledNow = counted(run.memo, 'compile').misses;
  return {
    pages: model.pages.length,
    ms,
    initialJsGzip: run.initialScripts.reduce((n, p) => n + gzipped(bundle, p), 0),
    cssGzip: gzipped(bundle, bundle.appCss),
    pageJsonBytes: [...model.pageFiles.values()].reduce((n, f) => n + f.bytes, 0),
    compiled: compiledNow,
    rendered: written.rendered,
    shardsRebuilt: written.shardsRebuilt,
    // Pages taken from their summaries read no compile value: 'from cache' is every page not compiled now.
    fromCache: model.pages.length - compiledNow,
    upToDate: false,
    twins: written.twins,
    steps,
  };
}

/** The figures of a build that found its dist up to date: those of the build that wrote it, nothing done now. */
export const upToDateStats = (before: BuildStats, ms: number, steps: StepLog[]): BuildStats => ({
  ...before,
  ...{ compiled: 0, rendered: 0, shardsRebuilt: 0, twins: 0, fromCache: before.pages, upToDate: true, ms, steps },
});

const gzipped = (bundle: Bundle, file: string) => {
  const contents = bundle.files.find((f) => f.path === file)?.contents;
  return contents ? gzipSync(contents).length : 0;
};
