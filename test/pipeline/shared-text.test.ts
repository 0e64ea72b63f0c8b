/** Text handed between threads as shared UTF-8 (pipeline/workers/shared-text.ts). */
import { describe, expect, it } from 'vitest';
import { sharedBytes, sharedText, shareText } from '../../pipeline/workers/shared-text.ts';

describe('shared text', () => {
  it('comes back as it went, characters past Latin-1 and past the BMP included', () => {
    for (const text of [
      '',
      'plain ASCII {"a":1}',
      'Pix → R$ 10,00 · ✓ São Paulo',
      'emoji 💳 and ह्',
      'x'.repeat(100_000),
    ]) {
      const bytes = shareText(text);
      expect(bytes).toBeInstanceOf(SharedArrayBuffer);
      expect(bytes.byteLength).toBe(Buffer.byteLength(text));
      expect(sharedText(bytes)).toBe(text);
    }
  });

  it('takes a string as it is (a task carries either)', () => {
    expect(sharedText('already a string → ok')).toBe('already a string → ok');
  });

  it('goes to a file writer as a view of its bytes, a string as it is', () => {
    const bytes = shareText('Pix → R$ 10,00');
    const view = sharedBytes(bytes);
    expect(view).toBeInstanceOf(Uint8Array);
    expect((view as Uint8Array).buffer).toBe(bytes);
    expect(Buffer.from(view as Uint8Array).toString('utf8')).toBe('Pix → R$ 10,00');
    expect(sharedBytes('a string')).toBe('a string');
  });
});

describe('a page JSON file kept in the disk memo', () => {
  it("reads back as made, page JSON and printed parts apart, from a worker's bytes or this thread's text", async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { diskStore } = await import('../../pipeline/incremental/pack-store.ts');
    const { keepPageFile, keptPageFile, readKeptPageFile, sharePageFile } = await import(
      '../../pipeline/link/page-file.ts'
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-page-file-'));
    try {
      const printed = {
        json: '{"title":"Pix → R$ 10,00","content":["a\\nb"]}',
        hash: 'h1',
        bytes: 48,
        printed: '[{"rows":["É"]}]',
      };
      const plain = { json: '{"title":"Plain"}', hash: 'h2', bytes: 17 };
      keepPageFile({ folder: dir, stage: 'page-json', key: 'worker-printed' }, sharePageFile(printed));
      keepPageFile({ folder: dir, stage: 'page-json', key: 'worker-plain' }, sharePageFile(plain));
      const store = diskStore(dir);
      store.set('page-json', 'here-printed', keptPageFile(printed));
      const read = (key: string) => readKeptPageFile(diskStore(dir).get('page-json', key) as string);
      expect(read('worker-printed')).toEqual({ json: printed.json, printed: printed.printed });
      expect(read('here-printed')).toEqual({ json: printed.json, printed: printed.printed });
      expect(read('worker-plain')).toEqual({ json: plain.json });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
