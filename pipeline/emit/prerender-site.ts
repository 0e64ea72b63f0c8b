/**
 * Stage: prerender. The HTML of every route plus 404 and /search, through the
 * stage memo — key: the page JSON's hash and what the shell shows around it (the
 * manifest's site, sidebar, route titles and icons, the asset names), with the
 * code hash — so a warm build renders only the pages that changed. Misses go to
 * the worker threads, one task per route (each page travels as its JSON string).
 */
import type { Manifest } from '../../schema/manifest.ts';
import type { PageData } from '../../schema/page.ts';
import type { Bundle } from './bundle.ts';
import { htmlPath, pageDataPath } from '../../schema/dist-layout.ts';
import { EXTRA_ROUTES, type HtmlOptions } from './prerender.ts';
import pLimit from 'p-limit';
import { shortHash } from '../hash.ts';
import { runKept, sharedJson, type WorkerPool } from '../workers/pool.ts';
import { sharedBytes } from '../workers/shared-text.ts';
import type { PrerenderReply } from '../workers/protocol.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { pageTexts, type PageFileText } from '../link/page-json.ts';
import { dataKeyOf, type GeneratedDataFile } from '../link/generated-data.ts';

/** Below this many pages to render, starting the threads costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

/**
 * Pages rendered and not yet on disk, at most: a render's turn ends when its HTML is written
 * (emit/write.ts). Unbounded, the HTML waited in this thread's heap behind thousands of other
 * files (measured: bench/HISTORY.md, bounded prerender). As many as the workers hold queued
 * (workers/pool.ts: 32 a thread on 2 cores).
 */
const HTML_IN_FLIGHT = 64;

export interface PrerenderInput {
  manifest: Manifest;
  pages: PageData[];
  pageFiles: Map<string, PageFileText>;
  generatedData: GeneratedDataFile;
}

/**
 * Where the HTML goes (emit/write.ts): `put` settles when the file is on disk; `kept` links a file
 * the previous build wrote under the same memo key.
 */
export interface HtmlSink {
  put(name: string, contents: string | Uint8Array, hash: string): Promise<void>;
  kept(name: string, hash: string): Promise<boolean>;
}

/**
 * Prerender every route plus 404 and /search; returns how many were rendered (not taken from
 * the memo). `htmlInFlight`: the bound on pages rendered and not yet on disk (tests lower it).
 */
export async function prerenderSite(
  site: PrerenderInput,
  bundle: Bundle,
  sink: HtmlSink,
  manifestUrl: string,
  memo: StageMemo,
  pool?: WorkerPool,
  htmlInFlight = HTML_IN_FLIGHT,
): Promise<number> {
  const options: HtmlOptions = {
    assets: { appJs: bundle.appJs, appCss: bundle.appCss, themeJs: bundle.themeJs, manifestUrl },
  };
  // The shell shows the manifest but not the pages' data URLs, nor the search index, nor the
  // error rows (a page that prints some has their hash in its key: link/generated-data.ts).
  const { buildId: _id, search: _search, searchWorker: _worker, apiErrors: _errors, routes, ...shell } = site.manifest;
  const shellKey = shortHash(
    JSON.stringify([shell, Object.entries(routes).map(([r, e]) => [r, e.title, e.kind]), options]),
  );
  const todo: { key: string; what: string; page?: PageData; route?: string }[] = [];
  for (const page of site.pages) {
    const file = site.pageFiles.get(pageDataPath(page.route))!;
    todo.push({
      key: memo.key('prerender', [file.hash, shellKey, dataKeyOf(page, site.generatedData)]),
      what: page.route,
      page,
    });
  }
  for (const route of Object.keys(EXTRA_ROUTES))
    todo.push({ key: memo.key('prerender', [route, shellKey]), what: route, route });
  // The memo key stands for the HTML: a page whose key the previous output recorded is linked
  // from there, its HTML neither rendered nor read (kept in the memo all the same).
  const hashOf = (t: (typeof todo)[number]) => `prerender:${t.key}`;
  const pathOf = (t: (typeof todo)[number]) => (t.page ? htmlPath(t.page.route) : EXTRA_ROUTES[t.route!].file);
  const linked = await Promise.all(todo.map((t) => sink.kept(pathOf(t), hashOf(t))));
  const misses = todo.filter((t, i) => {
    if (linked[i]) {
      memo.touch('prerender', t.key);
      return false;
    }
    // The memo keeps the HTML alone (its path is the route's).
    const kept = memo.get<string>('prerender', t.key);
    // Read from the memo (not rendered): on disk before the commit, which reports a failed write.
    if (kept !== undefined) void sink.put(pathOf(t), kept, hashOf(t));
    return kept === undefined;
  });
  // A page travels as its JSON, with its generated parts as the compile printed them.
  const fileOf = (t: (typeof misses)[number]) => t.page && site.pageFiles.get(pageDataPath(t.page.route))!;
  const textsOf = (t: (typeof misses)[number]) => {
    const file = fileOf(t);
    return file ? pageTexts(file) : {};
  };
  // Each rendered page is kept in the memo: by the worker thread that renders it (runKept), or here.
  let render: (t: (typeof misses)[number]) => Promise<PrerenderReply>;
  if (pool && misses.length >= MIN_PAGES_FOR_WORKERS) {
    const manifest = sharedJson(JSON.stringify(site.manifest));
    const generatedData = sharedJson(JSON.stringify(site.generatedData.data));
    render = (t) =>
      runKept<PrerenderReply>(
        pool,
        memo,
        'prerender',
        t.key,
        { type: 'prerender', manifest, generatedData, options, ...textsOf(t), route: t.route },
        `prerendering ${t.what}`,
      );
  } else {
    const { renderHtmlFromJson } = await import('./prerender.ts');
    // From the page JSON, as the workers do.
    render = async (t) => {
      const file = fileOf(t);
      const html = renderHtmlFromJson(
        site.manifest,
        file?.json,
        t.route,
        options,
        site.generatedData.data,
        file?.printed,
      );
      memo.set('prerender', t.key, html);
      return html;
    };
  }
  const inFlight = pLimit(htmlInFlight);
  await Promise.all(
    misses.map((t) =>
      inFlight(async () => {
        await sink.put(pathOf(t), sharedBytes(await render(t)), hashOf(t));
      }),
    ),
  );
  return misses.length;
}
