/** Text handed between threads as shared UTF-8 (pipeline/workers/shared-text.ts). */
import { describe, expect, it } from 'vitest';
import { sharedBytes, sharedText, shareText } from '../../pipeline/workers/shared-text.ts';

describe('shared text', () => {
  it('comes back as it went, characters past Latin-1 and past the BMP included', () => {
    for (const text of ['', 'plain ASCII {"a":1}', 'Pix → R$ 10,00 · ✓ São Paulo', 'emoji 💳 and ह्', 'x'.repeat(100_000)]) {
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
