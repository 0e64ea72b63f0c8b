/**
 * The floor of the judged search benchmark (bench/search-queries.json, issue 12), on the
 * real site through the worker's own service: the judgments all name real pages and
 * anchors, the scores stay at or above what the engine reached, and the same query gives
 * the same first three suggestions pasted on a fresh page, typed char by char and asked
 * warm. The figures themselves are printed by `npm run bench` (bench/search-quality.bench.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  checkJudgments,
  differing,
  JUDGED,
  runJudged,
  scoresByCategory,
  workerBytes,
  type QueryRun,
} from '../../bench/search-judge.ts';
import { buildProjectSite } from '../helpers.ts';

/** Reached on this benchmark; raise them as the engine improves, never lower them to pass. */
const FLOOR = { top3: 0.97, category: 0.9, mrr: 0.9 };

const built = await buildProjectSite();

describe('the judged search benchmark', () => {
  it('names only pages and anchors that exist', () => {
    expect(JUDGED.length).toBeGreaterThanOrEqual(120);
    expect(checkJudgments(JUDGED, new Map([...built.pageFiles].map(([p, f]) => [p, f.json])))).toEqual([]);
  });

  let runs: QueryRun[] = [];

  it('gives the same top three suggestions pasted fresh, asked warm, typed char by char (every 6th)', async () => {
    runs = await runJudged(built.searchFiles, built.manifest.search, JUDGED, { warm: true });
    expect(differing(runs)).toEqual([]);
    expect(
      differing(
        await runJudged(
          built.searchFiles,
          built.manifest.search,
          JUDGED.filter((_, i) => i % 6 === 0),
          { typed: true },
        ),
      ),
    ).toEqual([]);
  }, 300_000);

  it(`keeps top-3 ≥ ${FLOOR.top3 * 100} % overall and ≥ ${FLOOR.category * 100} % in every category`, () => {
    const scores = scoresByCategory(runs);
    expect(scores.get('all')!.top3).toBeGreaterThanOrEqual(FLOOR.top3);
    expect(scores.get('all')!.mrr).toBeGreaterThanOrEqual(FLOOR.mrr);
    for (const [category, s] of scores) expect(s.top3, category).toBeGreaterThanOrEqual(FLOOR.category);
  });

  it('fetches ≤ 60 KB gzip for any judged query pasted on a fresh page, worker included (stable)', async () => {
    const worker = (await workerBytes()).gzip;
    const heaviest = Math.max(...runs.map((r) => r.pastedBytes));
    expect(heaviest + worker).toBeLessThanOrEqual(60 * 1024);
  });
});
