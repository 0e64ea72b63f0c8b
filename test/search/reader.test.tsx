/**
 * The reader's search helpers, without a browser: marks, result links with
 * `_highlight`, the /search URL, the shortcut, typo distance; and the components
 * prerendered (no worker starts on the server).
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { markRuns, wordsPattern, hitHref, hitTrail, pageHref, Marked } from '../../reader/search/marks.tsx';
import { highlightTerms } from '../../reader/search/highlight.tsx';
import { matchesShortcut, shortcutHint } from '../../reader/search/shortcut.ts';
import { paramsUrl, readParams, scopeOf, SearchPage } from '../../reader/search/SearchPage.tsx';
import { SearchBox, searchPageHref } from '../../reader/search/SearchBox.tsx';
import { editDistance, allowedTypos } from '../../search/engine/vocabulary.ts';
import { SEARCH_FUZZY_DISTANCE } from '../../reader/lib/constants.ts';
import { SiteContext } from '../../reader/site-context.tsx';
import { createPageLoader } from '../../reader/lib/page-loader.ts';
import type { Manifest } from '../../schema/manifest.ts';
import { config } from './helpers.ts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {},
) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('marks', () => {
  it('mark the matched words, case-insensitively, е and ё alike', () => {
    expect(markRuns('Create a Transaction', ['transaction'])).toEqual([
      { text: 'Create a ', mark: false },
      { text: 'Transaction', mark: true },
    ]);
    expect(markRuns('Документация платёжного шлюза', ['платежного', 'шлюз'])).toEqual([
      { text: 'Документация ', mark: false },
      { text: 'платёжного', mark: true },
      { text: ' ', mark: false },
      { text: 'шлюз', mark: true },
      { text: 'а', mark: false },
    ]);
    expect(
      markRuns('a.b (c)', ['.b', '(c)'])
        .filter((r) => r.mark)
        .map((r) => r.text),
    ).toEqual(['.b', '(c)']);
    expect(wordsPattern([' ', ''])).toBeUndefined();
    expect(renderToString(<Marked text="Pay a transaction" words={['pay']} />)).toBe(
      '<mark class="search-mark">Pay</mark> a transaction',
    );
  });

  it('link a hit to its page and heading with one _highlight per matched word', () => {
    expect(hitHref({ u: '/api/v2/transaction/create', h: 'errors', marks: ['signature', 'платёж'] })).toBe(
      '/api/v2/transaction/create?_highlight=signature&_highlight=%D0%BF%D0%BB%D0%B0%D1%82%D1%91%D0%B6#errors',
    );
    expect(hitHref({ u: '/', h: '', marks: [] })).toBe('/');
    expect(
      highlightTerms('?_highlight=signature&_highlight=%D0%BF%D0%BB%D0%B0%D1%82%D1%91%D0%B6&_highlight=signature&x=1'),
    ).toEqual(['signature', 'платёж']);
    const hit = {
      u: '/a',
      h: 'x',
      t: 'X',
      s: 'Page A',
      b: ['Group', 'A'],
      marks: ['m1'],
      coverage: 1,
      typos: 0,
      score: 1,
    };
    expect(
      pageHref({
        route: '/a',
        title: 'Page A',
        breadcrumbs: ['Group', 'A'],
        context: 'general',
        coverage: 1,
        typos: 0,
        score: 1,
        hits: [hit, { ...hit, h: '', marks: ['m1', 'm2'] }],
      }),
    ).toBe('/a?_highlight=m1&_highlight=m2');
    expect(hitTrail(hit)).toEqual(['Group', 'Page A']);
    expect(hitTrail({ ...hit, h: '' })).toEqual(['Group']);
  });
});

describe('the /search URL', () => {
  it('reads and writes q, ctx and version', () => {
    expect(readParams('?q=create%20transaction&ctx=api-v2&version=current')).toEqual({
      q: 'create transaction',
      ctx: 'api-v2',
      version: 'current',
    });
    expect(paramsUrl({ q: 'платежи', ctx: '', version: '' })).toBe(
      '/search?q=%D0%BF%D0%BB%D0%B0%D1%82%D0%B5%D0%B6%D0%B8',
    );
    expect(paramsUrl({ q: '', ctx: '', version: '' })).toBe('/search');
    expect(searchPageHref('pix', '!methods')).toBe('/search?q=pix&ctx=%21methods');
  });

  it('turns ctx into a scope: within, outside (!id), or none for an unknown context', () => {
    expect(scopeOf('api-v2', config.search.contexts)).toEqual({ context: 'api-v2', outside: false });
    expect(scopeOf('!api-v2', config.search.contexts)).toEqual({ context: 'api-v2', outside: true });
    expect(scopeOf('nope', config.search.contexts)).toBeUndefined();
  });
});

describe('the keyboard shortcut (off on this site, supported)', () => {
  it('matches mod+k as Ctrl or ⌘, and "/" alone', () => {
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'mod+k')).toBe(true);
    expect(matchesShortcut(key('k', { metaKey: true }), 'mod+k', true)).toBe(true);
    expect(matchesShortcut(key('k', { metaKey: true }), 'mod+k')).toBe(false);
    expect(matchesShortcut(key('k'), 'mod+k')).toBe(false);
    expect(matchesShortcut(key('/'), '/')).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true }), null)).toBe(false);
    expect(shortcutHint('mod+k')).toBe('Ctrl K');
    expect(shortcutHint('mod+k', true)).toBe('⌘ K');
    expect(config.search.shortcut).toBeNull();
    expect(config.search.keyboardHint).toBe(false);
  });
});

describe('typo distance', () => {
  it('counts whole-word typos, or typos against a beginning for the word being typed; at most 2', () => {
    expect(editDistance('setlepay', 'settlepay', 2)).toBe(1);
    expect(editDistance('tranzaction', 'transaction', 2)).toBe(1);
    expect(editDistance('trnzactoon', 'transaction', 2)).toBe(3);
    expect(editDistance('tranzac', 'transactions', 2)).toBe(3);
    expect(editDistance('tranzac', 'transactions', 2, true)).toBe(1);
    expect([3, 4, 6, 7, 12].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
    expect(Math.max(...[1, 5, 9, 30].map(allowedTypos))).toBe(SEARCH_FUZZY_DISTANCE);
  });
});

describe('prerendered', () => {
  const manifest = {
    version: 1,
    buildId: 'x',
    site: config,
    routes: {},
    sidebars: { docs: [] },
    search: '/_data/search/manifest.x.json',
    searchWorker: '/assets/searchWorker.X.js',
    icons: {},
  } as unknown as Manifest;
  const ssr = (node: React.ReactNode, path: string) =>
    renderToString(
      <SiteContext.Provider value={{ manifest, loader: createPageLoader(manifest) }}>
        <Router ssrPath={path}>{node}</Router>
      </SiteContext.Provider>,
    );

  it('the search box is a closed combobox, with no hint when the shortcut is off', () => {
    const html = ssr(<SearchBox />, '/introduction');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-autocomplete="list"');
    expect(html).not.toContain('search-hint');
  });

  it('the search page renders its form without a query', () => {
    const html = ssr(<SearchPage />, '/search');
    expect(html).toContain('Search the documentation');
    expect(html).toContain('aria-label="Search context"');
  });
});
