/**
 * A cold build indexes on the main thread while the worker threads render: the index is
 * built in steps (searchIndexSteps) and run in turns (step.ts inTurns), so the event loop —
 * the workers' results, their next tasks — gets a turn between pages. In turns or at once,
 * the index is the same.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchIndexSteps } from '../../search/index/index.ts';
import { inTurns } from '../../pipeline/step.ts';
import { config, page } from './helpers.ts';

const pages = Array.from({ length: 12 }, (_, i) =>
  page(`/guide/${i}`, `Guide ${i}`, {
    sections: [
      ['', '', `Accept payment number ${i}`],
      ['flow', 'Flow', `Redirect the customer ${i}`],
    ],
  }),
);

describe('the search index in turns', () => {
  it('gives the event loop a turn between pages and builds the same files', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const index = await inTurns(searchIndexSteps(pages, config), 0);
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(pages.length);
    expect([...index.files]).toEqual([...buildSearchIndex(pages, config).files]);
  });

  it('runs to the end without a turn while its slice lasts', async () => {
    let turns = 0;
    setImmediate(() => turns++);
    await inTurns(searchIndexSteps(pages, config), 60_000);
    expect(turns).toBe(0);
  });
});
