/**
 * The judged search benchmark's machinery (issue 12), shared by bench/search-quality.bench.ts
 * and the floor test (test/search/quality.test.ts): the judged queries
 * (bench/search-queries.json), the real search service (search/engine/service.ts, the code
 * the worker runs) over built shards with every fetched byte counted, and the scores.
 *
 * - quality: a query is asked as if pasted into the box of a fresh page (suggest mode,
 *   8 suggestions, its complete answer); a hit is a suggestion whose route is acceptable;
 *   top-1/3/8 and MRR@8 per category;
 * - determinism: the same query typed char by char (each prefix answered in full before the
 *   next key), pasted whole on a fresh page, and asked warm (after every other query): the
 *   first three routes must agree;
 * - weight: gzip bytes fetched (index files, worker script added by the caller) before the
 *   first suggestion and before the complete answer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createSearchService } from '../search/engine/service.ts';
import type { PageResult, SearchReply, SearchRequest } from '../search/engine/protocol.ts';
import type { SearchPageInput } from '../search/index/index.ts';
import { searchWorkerEntry } from '../pipeline/build.ts';
import { bundleReader, staticClosure } from '../pipeline/emit/bundle.ts';

export interface Judged {
  q: string;
  category: string;
  routes: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const JUDGED: Judged[] = (
  JSON.parse(readFileSync(path.join(here, 'search-queries.json'), 'utf8')) as { queries: Judged[] }
).queries;

/** Built search files by path (no leading slash), e.g. a SiteBuild's `searchFiles`. */
export type IndexFiles = Map<string, string>;

/**
 * Every acceptable route names a built page and, with `#anchor`, an id on it: judgments that cannot
 * be met are errors of the benchmark.
 */
export function checkJudgments(judged: Judged[], pageFiles: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const j of judged) {
    for (const r of j.routes) {
      const [route, anchor] = r.split('#');
      const file =
        pageFiles.get(`_data/pages${route === '/' ? '/index' : route}.json`) ??
        pageFiles.get(`_data/pages${route}/index.json`);
      if (!file) problems.push(`"${j.q}": no page ${route}`);
      else if (anchor && !file.includes(`"id":"${anchor}"`)) problems.push(`"${j.q}": no #${anchor} on ${route}`);
    }
  }
  return problems;
}

/** One fresh search service over `files`, as a worker on a freshly opened page: counts what it fetches. */
export function engine(files: IndexFiles, manifestUrl: string, parsed = new Map<string, unknown>()) {
  let fetched = 0;
  const gz = new Map<string, number>();
  let listener: (reply: SearchReply) => void = () => {};
  const service = createSearchService(
    async (url) => {
      const key = url.replace(/^\//, '');
      const text = files.get(key);
      if (text === undefined) throw new Error(`no ${url}`);
      if (!gz.has(key)) gz.set(key, gzipSync(text).length);
      fetched += gz.get(key)!;
      // Parsing is the same for every fresh service: shared, so the benchmark runs in minutes.
      if (!parsed.has(key)) parsed.set(key, JSON.parse(text));
      return structuredClone(parsed.get(key));
    },
    (reply) => listener(reply),
  );
  let id = 0;
  let started = false;
  /**
   * Asks `q`; resolves with its complete answer and the bytes fetched when its first suggestion and
   * its complete answer came.
   */
  const ask = async (q: string, limit = 8, mode: 'suggest' | 'full' = 'suggest') => {
    if (!started) {
      started = true;
      await service.handle({ type: 'init', manifest: manifestUrl });
    }
    const req: SearchRequest = { type: 'query', id: ++id, channel: 'bench', q, mode, limit };
    return new Promise<{ pages: PageResult[]; firstBytes: number; bytes: number; ms: number }>((resolve, reject) => {
      let firstBytes = -1;
      const start = performance.now();
      listener = (r) => {
        // A failed load answers with a state, not results: fail the run rather than wait forever.
        if (r.type === 'state' && r.state === 'error') reject(new Error(`"${q}": ${r.error}`));
        if (r.type !== 'results' || r.id !== req.id) return;
        if (firstBytes < 0 && r.pages.length) firstBytes = fetched;
        if (r.complete)
          resolve({
            pages: r.pages,
            firstBytes: firstBytes < 0 ? fetched : firstBytes,
            bytes: fetched,
            ms: performance.now() - start,
          });
      };
      void service.handle(req);
    });
  };
  return { ask, fetched: () => fetched };
}

/** Rank (1-based) of the first acceptable suggestion, or 0. */
export function rankOf(j: Judged, pages: PageResult[], depth = 8): number {
  const ok = new Set(j.routes.map((r) => r.split('#')[0]));
  const i = pages.slice(0, depth).findIndex((p) => ok.has(p.route));
  return i + 1;
}

export interface Scores {
  n: number;
  top1: number;
  top3: number;
  top8: number;
  mrr: number;
}

export function score(ranks: number[]): Scores {
  const n = ranks.length;
  const share = (k: number) => ranks.filter((r) => r > 0 && r <= k).length / n;
  return {
    n,
    top1: share(1),
    top3: share(3),
    top8: share(8),
    mrr: ranks.reduce((a, r) => a + (r > 0 ? 1 / r : 0), 0) / n,
  };
}

export interface QueryRun {
  judged: Judged;
  pasted: PageResult[];
  rank: number;
  /** Bytes (index only) before the first suggestion and before the complete answer, pasted. */
  pastedFirst: number;
  pastedBytes: number;
  typed?: { top3: string[]; firstBytes: number; bytes: number };
  warm?: string[];
}

const top3 = (pages: PageResult[]) => pages.slice(0, 3).map((p) => p.route);

/** Runs the judged queries: pasted on fresh services, optionally typed (char by char) and warm. */
export async function runJudged(
  files: IndexFiles,
  manifestUrl: string,
  judged = JUDGED,
  options: { typed?: boolean; warm?: boolean; fresh?: boolean } = {},
): Promise<QueryRun[]> {
  const parsed = new Map<string, unknown>();
  const out: QueryRun[] = [];
  // `fresh: false`: one service answers every query in turn (quicker, and no more deterministic than fresh ones).
  const shared = options.fresh === false ? engine(files, manifestUrl, parsed) : undefined;
  for (const j of judged) {
    const pasted = await (shared ?? engine(files, manifestUrl, parsed)).ask(j.q);
    const run: QueryRun = {
      judged: j,
      pasted: pasted.pages,
      rank: rankOf(j, pasted.pages),
      pastedFirst: pasted.firstBytes,
      pastedBytes: pasted.bytes,
    };
    if (options.typed) {
      const typist = engine(files, manifestUrl, parsed);
      let firstBytes = -1;
      let last = pasted;
      for (let i = 1; i <= j.q.length; i++) {
        if (j.q[i - 1] === ' ' && i < j.q.length) continue; // a space alone asks nothing new
        last = await typist.ask(j.q.slice(0, i));
        if (firstBytes < 0 && last.pages.length) firstBytes = last.firstBytes;
      }
      run.typed = { top3: top3(last.pages), firstBytes: firstBytes < 0 ? last.bytes : firstBytes, bytes: last.bytes };
    }
    out.push(run);
  }
  if (options.warm) {
    const warm = engine(files, manifestUrl, parsed);
    for (const j of judged) await warm.ask(j.q);
    for (const run of out) run.warm = top3((await warm.ask(run.judged.q)).pages);
  }
  return out;
}

/** Queries whose first three suggestions differ between typed, pasted and warm. */
export function differing(runs: QueryRun[]): { q: string; pasted: string[]; typed?: string[]; warm?: string[] }[] {
  const same = (a?: string[], b?: string[]) => !a || !b || a.join() === b.join();
  return runs
    .filter((r) => !same(top3(r.pasted), r.typed?.top3) || !same(top3(r.pasted), r.warm))
    .map((r) => ({ q: r.judged.q, pasted: top3(r.pasted), typed: r.typed?.top3, warm: r.warm }));
}

/** Scores overall and per category. */
export function scoresByCategory(runs: QueryRun[]): Map<string, Scores> {
  const by = new Map<string, number[]>([['all', []]]);
  for (const r of runs) {
    by.get('all')!.push(r.rank);
    if (!by.has(r.judged.category)) by.set(r.judged.category, []);
    by.get(r.judged.category)!.push(r.rank);
  }
  return new Map([...by].map(([c, ranks]) => [c, score(ranks)]));
}

export const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};

/**
 * 10,000 pages from the real ones: routes, titles and headings get a serial so words and ids grow
 * as a bigger site's would.
 */
export function generatePages(pages: SearchPageInput[], count: number): SearchPageInput[] {
  const out: SearchPageInput[] = [];
  for (let i = 0; out.length < count; i++) {
    const p = pages[i % pages.length];
    const n = Math.floor(i / pages.length);
    if (n === 0) {
      out.push(p);
      continue;
    }
    const tag = `v${n}`;
    const route = p.route === '/' ? `/archive/${tag}` : p.route.replace(/^\/([^/]+)/, `/$1/${tag}`);
    out.push({
      ...p,
      route,
      title: `${p.title} ${tag}`,
      breadcrumbs: [...p.breadcrumbs.slice(0, -1), tag, p.breadcrumbs.at(-1) ?? p.title],
      sections: p.sections.map((s) => ({
        ...s,
        id: s.id,
        title: s.id ? `${s.title} ${tag}` : s.title,
        text: `${s.text} ${p.route.split('/').pop()}_${tag}_${s.id.slice(0, 12)}`,
      })),
    });
  }
  return out;
}

/** The worker script and its static chunks, as the reader bundle ships them. */
export async function workerBytes(): Promise<{ raw: number; gzip: number; files: string[] }> {
  const bundle = await bundleReader({ extraEntries: searchWorkerEntry() });
  const byPath = new Map(bundle.files.map((f) => [f.path, f.contents]));
  const files = staticClosure(bundle, bundle.entries.searchWorker);
  return {
    raw: files.reduce((n, f) => n + byPath.get(f)!.length, 0),
    gzip: files.reduce((n, f) => n + gzipSync(byPath.get(f)!).length, 0),
    files,
  };
}
