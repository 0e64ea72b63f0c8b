/**
 * The dev server's compiler warm-up (pipeline/compile/warm-up.ts) compiles pages and
 * drops the results: the site it is given is unchanged, and it gives the thread back
 * as soon as `stop()` says so.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/build.ts';
import { warmUpCompiler } from '../../pipeline/compile/warm-up.ts';
import { fixtureRoot } from '../helpers.ts';

const built = await buildSite({ root: fixtureRoot, cacheDir: false, pool: false });

describe('compiler warm-up', () => {
  it('compiles one page of each kind a few times and changes nothing', async () => {
    const before = JSON.stringify(built.site.pages);
    let asked = 0;
    await warmUpCompiler(built, () => {
      asked++;
      return false;
    });
    const kinds = new Set(built.site.pages.map((p) => p.frontmatter.kind)).size;
    // Asked before each page: three rounds over one page of each kind.
    expect(asked).toBe(3 * kinds);
    expect(JSON.stringify(built.site.pages)).toBe(before);
  });

  it('stops at once when told to', async () => {
    let asked = 0;
    await warmUpCompiler(built, () => {
      asked++;
      return true;
    });
    expect(asked).toBe(1);
  });
});
