/**
 * The in-memory stage memo of `paydocs dev` forgets what the last good build did not
 * use: results of bad saves and old inputs would otherwise pile up for the life of
 * the process (issue 13: memory after 100 bad saves).
 */
import { describe, expect, it } from 'vitest';
import { createStageMemo, diskStore, memoryStore } from '../../pipeline/incremental/memo.ts';

describe('memory memo generations', () => {
  it('a sweep drops what no run since the given generation read or wrote, and keeps the rest', () => {
    const memo = createStageMemo(memoryStore(), 'code');
    let computed = 0;
    const run = (input: string) => memo.runSync('validate', [input], () => { computed++; return input.length; });

    memo.startGeneration();
    run('good page'); run('bad save 1'); run('bad save 2');
    const good = memo.startGeneration();
    run('good page');
    expect(memo.sweep(good)).toBe(2);

    computed = 0;
    run('good page');
    expect(computed).toBe(0);
    run('bad save 1');
    expect(computed).toBe(1);
  });

  it('a store without generations sweeps nothing', () => {
    const store = memoryStore();
    const memo = createStageMemo({ get: store.get, set: store.set }, 'code');
    memo.runSync('s', ['a'], () => 1);
    expect(memo.sweep(memo.startGeneration())).toBe(0);
    expect(memo.runSync('s', ['a'], () => 2)).toBe(1);
  });
});

describe('the disk store across a deleted cache folder', () => {
  it('keeps values again after the folder is deleted while the process lives', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-memo-'));
    try {
      diskStore(dir).set('stage', 'a', { n: 1 });
      await rm(dir, { recursive: true, force: true });
      const store = diskStore(dir);
      store.set('stage', 'b', { n: 2 });
      expect(diskStore(dir).get('stage', 'b')).toEqual({ n: 2 });
    } finally { await rm(dir, { recursive: true, force: true }); }
  });
});
