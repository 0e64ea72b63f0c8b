/**
 * The two parser shortcuts on every page of the site and of the test fixtures, positions included:
 * a body parsed without GFM's literal autolinks first (pipeline/compile/literal-autolinks.ts) is the tree
 * of remark-gfm itself, and a body parsed in chunks (pipeline/compile/markdown-chunks.ts) is the tree of
 * the body parsed whole. One file, so each page is parsed whole once for both. The bodies written to
 * tempt each shortcut are in literal-autolinks.test.ts and markdown-chunks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import { parseMarkdown, parseWhole } from '../../pipeline/compile/markdown.ts';
import { mayHoldLiteralAutolinks } from '../../pipeline/compile/literal-autolinks.ts';
import { chunksOf, parsedChunks } from '../../pipeline/compile/markdown-chunks.ts';
import { fixtureRoot, pageBodies } from '../helpers.ts';

/** The parser as it was, written out here as the test's own oracle: all of remark-gfm on every body. */
const gfm = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

describe('every page of the site and of the fixtures', () => {
  it('parsed whole is remark-gfm’s tree, and parsed in chunks the same tree', async () => {
    const pages = [...(await pageBodies(path.resolve('.'))), ...(await pageBodies(fixtureRoot))];
    // As a dev session does (a build parses each body whole).
    const chunks = parsedChunks();
    let shortcut = 0;
    let cut = 0;
    for (const { file, body } of pages) {
      const whole = parseWhole(body);
      expect(whole, file).toEqual(gfm.parse(body) as Root);
      // parseWhole hands back its first parse, without literals, when that could hold none.
      if (!mayHoldLiteralAutolinks(whole)) shortcut++;
      if (chunksOf(body).length > 1) cut++;
      expect(parseMarkdown(body, chunks), file).toEqual(whole);
    }
    // Each shortcut is taken on most of the site's pages (else this test proves little).
    expect(shortcut).toBeGreaterThan(pages.length / 2);
    expect(cut).toBeGreaterThan(pages.length / 2);
  });
});
