import { describe, expect, it } from 'vitest';
import { nextChoice, parseStored, resolveMode, type ColorModeConfig } from '../../reader/lib/color-mode.ts';
import { iconRequestUrls } from '../../reader/lib/icons.ts';
import { createPageLoader, prerenderedHtml, shouldPrefetch } from '../../reader/lib/page-loader.ts';
import type { Manifest } from '../../schema/manifest.ts';
import { PAGE_CONTENT_ENCODING } from '../../schema/page.ts';
import { namesFile, normalisePath } from '../../schema/paths.ts';
import { announcementDismissed } from '../../reader/shell/chrome.tsx';
import { collapseDuration } from '../../reader/lib/constants.ts';

const thisSite: ColorModeConfig = { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false };
const respecting: ColorModeConfig = { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false };

describe('colour mode', () => {
  it('this site: light by default whatever the OS prefers; the switch toggles light ↔ dark', () => {
    expect(resolveMode(thisSite, null, true)).toBe('light');
    expect(nextChoice(thisSite, null, true)).toBe('dark');
    expect(nextChoice(thisSite, 'dark', false)).toBe('light');
    expect(resolveMode(thisSite, 'dark', false)).toBe('dark');
  });
  it('respecting the system: cycles system → light → dark → system and follows the OS while on system', () => {
    expect(nextChoice(respecting, null, false)).toBe('light');
    expect(nextChoice(respecting, 'light', false)).toBe('dark');
    expect(nextChoice(respecting, 'dark', false)).toBe('system');
    expect(resolveMode(respecting, 'system', true)).toBe('dark');
    expect(resolveMode(respecting, null, false)).toBe('light');
  });
  it('ignores unknown stored values', () => {
    expect(parseStored('purple')).toBeNull();
    expect(parseStored('dark')).toBe('dark');
  });
});

describe('reader helpers', () => {
  it('splits icon API requests so no URL exceeds 500 characters', () => {
    const names = Array.from({ length: 80 }, (_, i) => `icon-name-${i}`);
    const urls = iconRequestUrls('lucide', names);
    expect(urls.length).toBeGreaterThan(1);
    for (const u of urls) expect(u.length).toBeLessThanOrEqual(500);
    expect(urls.flatMap((u) => new URL(u).searchParams.get('icons')!.split(',')).sort()).toEqual([...names].sort());
  });
  it('does not prefetch on 2g or with data-saver', () => {
    expect(shouldPrefetch({ connection: { effectiveType: '2g' } })).toBe(false);
    expect(shouldPrefetch({ connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(shouldPrefetch({ connection: { effectiveType: '4g', saveData: true } })).toBe(false);
    expect(shouldPrefetch({ connection: { effectiveType: '4g' } })).toBe(true);
  });
  it('a prefetch fetches the page JSON once and leaves decoding it to the visit', async () => {
    const manifest = { routes: { '/a': { data: 'a.json', kind: 'doc' } } } as unknown as Manifest;
    const content = { encoding: PAGE_CONTENT_ENCODING, shapes: [], children: ['Hello'] };
    const asked: string[] = [];
    const loader = createPageLoader(manifest, async (url) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ route: '/a', title: 'A', frontmatter: {}, content }));
    });
    loader.prefetch('/a');
    loader.prefetch('/a');
    await new Promise((r) => setTimeout(r, 0));
    expect(loader.fetched('/a')).toBe(true);
    expect(loader.peek('/a')).toBeUndefined();
    const page = await loader.load('/a');
    expect(page.title).toBe('A');
    expect(loader.peek('/a')).toBe(page);
    expect(asked).toEqual(['/a.json']);
  });
  it('a page opened prerendered keeps its HTML: no generated part printed, nothing else fetched', async () => {
    const manifest = {
      routes: { '/op': { data: 'op.json', kind: 'api-operation' } },
      apiErrors: '/errors.json',
    } as unknown as Manifest;
    const errors = { generated: 'api-errors', from: { version: 'v2', codes: ['invalid_signature'] } };
    const content = { encoding: PAGE_CONTENT_ENCODING, shapes: [], children: ['Hello', errors] };
    const asked: string[] = [];
    const loader = createPageLoader(manifest, async (url) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ route: '/op', title: 'Op', frontmatter: {}, content }));
    });
    const page = await loader.load('/op', '<p>Hello</p><table>…</table>');
    expect(prerenderedHtml(page)).toBe('<p>Hello</p><table>…</table>');
    expect(asked).toEqual(['/op.json']);
  });
  it('normalises .html and index.html addresses', () => {
    expect(normalisePath('/introduction.html')).toBe('/introduction');
    expect(normalisePath('/cabinet/index.html')).toBe('/cabinet');
    expect(normalisePath('/index.html')).toBe('/');
    expect(normalisePath('/api/v2/')).toBe('/api/v2');
    expect(normalisePath('/a//')).toBe('/a');
    expect(normalisePath('/')).toBe('/');
  });
  it('tells a file address from a page address (the offline worker gives files no shell)', () => {
    for (const file of ['/introduction.md', '/index.md', '/img/logo.svg', '/llms.txt', '/openapi/v2.json'])
      expect(namesFile(file)).toBe(true);
    for (const page of [
      '/',
      '/introduction',
      '/api/v2/transaction/create',
      '/introduction.html',
      '/cabinet/index.html',
      '/services/pix/',
    ])
      expect(namesFile(page)).toBe(false);
  });
  it('remembers a dismissed announcement until its id changes', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(announcementDismissed(storage, 'a')).toBe(false);
    storage.setItem('docusaurus.announcement.dismiss', 'true');
    expect(announcementDismissed(storage, 'a')).toBe(true);
    expect(announcementDismissed(storage, 'b')).toBe(false);
  });
  it('collapses in 4–19 ms by height, 1 ms with reduced motion', () => {
    expect(collapseDuration(10, false)).toBeGreaterThanOrEqual(4);
    expect(collapseDuration(100000, false)).toBe(19);
    expect(collapseDuration(500, true)).toBe(1);
  });
});

describe('colour mode (system respected)', () => {
  it('with the system respected and no stored choice, the mode follows the OS both ways', () => {
    expect(resolveMode(respecting, null, true)).toBe('dark');
    expect(resolveMode(respecting, null, false)).toBe('light');
    expect(resolveMode(respecting, 'light', true)).toBe('light');
    expect(resolveMode(respecting, 'dark', false)).toBe('dark');
  });
});
