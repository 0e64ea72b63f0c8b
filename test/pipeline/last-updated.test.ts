/**
 * Last-updated dates: outside git, a page's file time; after a save in dev, the saved file's new
 * time, with no git run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { datesAfterSave, lastUpdatedDates } from '../../pipeline/content/last-updated.ts';
import { fixtureCopy } from '../helpers.ts';

const site = await fixtureCopy();
afterAll(() => site.cleanup());

describe('last-updated dates', () => {
  it('a saved file takes its modification date; the others keep theirs; a deleted one has none', async () => {
    const files = ['content/introduction.md', 'content/index.md'];
    await utimes(path.join(site.root, files[0]), new Date('2024-03-01T12:00:00Z'), new Date('2024-03-01T12:00:00Z'));
    await utimes(path.join(site.root, files[1]), new Date('2024-01-02T12:00:00Z'), new Date('2024-01-02T12:00:00Z'));
    const dates = await lastUpdatedDates(site.root, files);
    expect(Object.fromEntries(dates)).toEqual({
      'content/introduction.md': '2024-03-01',
      'content/index.md': '2024-01-02',
    });
    await utimes(path.join(site.root, files[0]), new Date('2025-06-30T12:00:00Z'), new Date('2025-06-30T12:00:00Z'));
    const after = await datesAfterSave(site.root, dates, [files[0], 'content/gone.md']);
    expect(Object.fromEntries(after)).toEqual({
      'content/introduction.md': '2025-06-30',
      'content/index.md': '2024-01-02',
    });
    expect(dates.get(files[0])).toBe('2024-03-01');
  });
});
