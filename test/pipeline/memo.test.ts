/**
 * The in-memory stage memo of `paydocs dev` forgets what the last good build did not
 * use: results of bad saves and old inputs would otherwise pile up for the life of
 * the process (issue 13: memory after 100 bad saves).
 */
import { describe, expect, it } from 'vitest';
import { createStageMemo, memoryStore } from '../../pipeline/incremental/memo.ts';
import { diskStore, keepTextAt } from '../../pipeline/incremental/pack-store.ts';

describe('memory memo generations', () => {
  it('a sweep drops what no run since the given generation read or wrote, and keeps the rest', () => {
    const memo = createStageMemo(memoryStore(), 'code');
    let computed = 0;
    const run = (input: string) =>
      memo.runSync('validate', [input], () => {
        computed++;
        return input.length;
      });

    memo.startGeneration();
    run('good page');
    run('bad save 1');
    run('bad save 2');
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
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the disk store as packs', () => {
  const withDir = async (run: (dir: string) => Promise<void> | void) => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-packs-'));
    try {
      await run(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('keeps values in a few files, not one per value; the newest value of a key wins', () =>
    withDir(async (dir) => {
      const { readdirSync } = await import('node:fs');
      const store = diskStore(dir);
      for (let i = 0; i < 50; i++) store.set('compile', `k${i}`, { page: i, text: 'é — ü' });
      store.set('compile', 'k7', { page: 'seven' });
      expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/\.index$/), expect.stringMatching(/\.pack$/)]);
      const next = diskStore(dir);
      expect(next.get('compile', 'k3')).toEqual({ page: 3, text: 'é — ü' });
      expect(next.get('compile', 'k7')).toEqual({ page: 'seven' });
      expect(next.get('compile', 'nope')).toBeUndefined();
      expect(next.keys!('compile')).toHaveLength(50);
      expect(next.touch!('compile', 'k9')).toBe(true);
      expect(next.touch!('other', 'k9')).toBe(false);
    }));

  it('keeps a string value as its UTF-8, not as JSON, and reads it back as that string', () =>
    withDir(async (dir) => {
      const { readdirSync, readFileSync } = await import('node:fs');
      const path = await import('node:path');
      const html = '<p class="a">"quoted" — \\ \n é</p>';
      const store = diskStore(dir);
      store.set('prerender', 'page', html);
      store.set('compile', 'tree', { html });
      // A worker thread keeps a text in parts, as bytes (a page JSON, a line break, its printed parts).
      keepTextAt({ folder: dir, stage: 'page-json', key: 'p' }, new TextEncoder().encode('{"a":"é"}'), '\n', '[1]');
      const pack = readFileSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith('.pack'))!), 'utf8');
      // The HTML as it is (no escaped quotes), then the object's JSON.
      expect(pack.startsWith(`${html}{"html":`)).toBe(true);
      const next = diskStore(dir);
      expect(next.get('prerender', 'page')).toBe(html);
      expect(next.get('compile', 'tree')).toEqual({ html });
      expect(next.get('page-json', 'p')).toBe('{"a":"é"}\n[1]');
    }));

  it('a prune drops what the build did not use: an unused pack goes, others list unused values dead', () =>
    withDir(async (dir) => {
      const { readdirSync, writeFileSync } = await import('node:fs');
      const path = await import('node:path');
      // Another thread's pack (name: time-pid-thread): values an earlier build kept that this one will not use.
      const thread = path.join(dir, `${(Date.now() - 1000).toString(36)}-${process.pid}-7`);
      writeFileSync(`${thread}.pack`, '"a""b"');
      writeFileSync(`${thread}.index`, 'twin\told1\t0\t3\ntwin\told2\t3\t3\n');
      expect(diskStore(dir).get('twin', 'old2')).toBe('b');
      const first = diskStore(dir);
      first.set('compile', 'a', 1);
      first.set('compile', 'b', 2);
      const build = diskStore(dir);
      expect(build.get('compile', 'a')).toBe(1);
      expect(build.prune!()).toBe(3);
      expect(readdirSync(dir).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
      const after = diskStore(dir);
      expect(after.keys!('compile')).toEqual(['a']);
      expect(after.get('compile', 'b')).toBeUndefined();
      expect(after.keys!('twin')).toEqual([]);
      // Kept again later in the same pack, the value counts: what a prune dropped is a place in a pack, not a key.
      after.set('compile', 'b', 3);
      expect(diskStore(dir).get('compile', 'b')).toBe(3);
    }));

  it('reads past a line a killed build cut short; removes old one-file-per-value folders at first prune', () =>
    withDir(async (dir) => {
      const { appendFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } = await import('node:fs');
      const path = await import('node:path');
      mkdirSync(path.join(dir, 'compile'));
      writeFileSync(path.join(dir, 'compile', 'abc.json'), '{}');
      const store = diskStore(dir);
      store.set('s', 'whole', 'kept');
      appendFileSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith('.index'))!), 's\tcut\t0\t1');
      const next = diskStore(dir);
      expect(next.keys!('s')).toEqual(['whole']);
      expect(next.get('s', 'whole')).toBe('kept');
      next.prune!();
      expect(existsSync(path.join(dir, 'compile'))).toBe(false);
      expect(diskStore(dir).get('s', 'whole')).toBe('kept');
    }));

  it('answers its first questions from the index texts as it does from the map of every line', () =>
    withDir(async (dir) => {
      const { writeFileSync } = await import('node:fs');
      const path = await import('node:path');
      const pack = (age: number, values: string, index: string, dead = '') => {
        const name = path.join(dir, `${(Date.now() - age).toString(36)}-${process.pid}-${age}`);
        writeFileSync(`${name}.pack`, values);
        writeFileSync(`${name}.index`, index);
        if (dead) writeFileSync(`${name}.dead`, dead);
      };
      // Older pack: x, k1, k10, a value of stage `xa` whose line holds `a\tb\t` inside it.
      pack(2000, '"x-old""k1""k10""xa-b"', 's\tx\t0\t7\ns\tk1\t7\t4\ns\tk10\t11\t5\nxa\tb\t16\t6\n');
      // Newer pack: x again but dropped by a prune, k1 twice (the second wins), a line cut short.
      pack(1000, '"x-new""k1-a""k1-b""cut"', 's\tx\t0\t7\ns\tk1\t7\t6\ns\tk1\t13\t6\ns\tcut\t19\t5', '0\n');
      const questions: [string, string][] = [
        ['s', 'x'],
        ['s', 'k1'],
        ['s', 'k10'],
        ['xa', 'b'],
        ['a', 'b'],
        ['s', 'cut'],
        ['s', 'k'],
      ];
      const fromMap = diskStore(dir);
      fromMap.keys!('s'); // reads every line into the map
      const answers = questions.map(([stage, key]) => fromMap.get(stage, key));
      expect(answers).toEqual(['x-old', 'k1-b', 'k10', 'xa-b', undefined, undefined, undefined]);
      const lazy = diskStore(dir);
      expect(questions.map(([stage, key]) => lazy.get(stage, key))).toEqual(answers);
    }));

  it('leaves alone a pack another build is still writing', () =>
    withDir(async (dir) => {
      const { readdirSync, writeFileSync } = await import('node:fs');
      const path = await import('node:path');
      // Another process's pack, written to after this one started (name: time-pid-thread).
      const other = path.join(dir, `${Date.now().toString(36)}-999999999-0`);
      writeFileSync(`${other}.pack`, '"theirs"');
      writeFileSync(`${other}.index`, 'twin\tx\t0\t8\n');
      const store = diskStore(dir);
      store.set('compile', 'mine', 1);
      store.prune!();
      expect(readdirSync(dir).filter((f) => f.endsWith('.pack'))).toHaveLength(2);
      expect(diskStore(dir).get('twin', 'x')).toBe('theirs');
    }));
});
