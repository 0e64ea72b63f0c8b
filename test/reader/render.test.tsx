/**
 * Server-rendered reader pieces (renderToString, as the prerenderer uses them) and
 * the icon API fallback with a mocked fetch (the API is external).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import type { Manifest } from '../../schema/manifest.ts';
import type { NavbarItem } from '../../schema/site-config.ts';
import { SiteContext } from '../../reader/site-context.tsx';
import { createPageLoader } from '../../reader/lib/page-loader.ts';
import { NavbarItemView, UnknownNavbarItemError } from '../../reader/shell/navbar-items.tsx';
import { Icon } from '../../reader/shell/Icon.tsx';
import { fetchIcons, iconRequestUrls } from '../../reader/lib/icons.ts';
import { ICON_API, PROGRESS_BAR } from '../../reader/lib/constants.ts';
import { headData, pageTitle } from '../../schema/page-head.ts';
import { trickle } from '../../reader/shell/ProgressBar.tsx';
import { renderRoute } from '../../reader/render.tsx';
import { SidebarList } from '../../reader/shell/Sidebar.tsx';
import type { SidebarItemOut } from '../../schema/manifest.ts';

const site = {
  title: 'Paydocs',
  tagline: 't',
  favicon: '/img/favicon.svg',
  url: 'https://docs.example',
  baseUrl: '/',
  organizationName: 'o',
  projectName: 'p',
  locale: 'en',
  version: 'current',
  image: '/img/card.png',
  environments: {},
  navbar: {
    items: [{ type: 'link', label: 'Home', to: '/', position: 'left', icon: 'lucide:house' }],
    hideOnScroll: false,
  },
  footer: { copyright: 'Copyright © 2025 Paydocs.' },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  search: { contexts: [], labels: [], shortcut: null, keyboardHint: false },
} as unknown as Manifest['site'];

const manifest = {
  version: 1,
  buildId: 'x',
  site,
  routes: {},
  sidebars: { docs: [] },
  search: '/s.json',
  icons: { 'lucide:house': { body: '<path d="M1 1h2"/>', width: 24, height: 24 } },
} as unknown as Manifest;

const ssr = (node: ReactNode) =>
  renderToString(
    <SiteContext.Provider value={{ manifest, loader: createPageLoader(manifest) }}>
      <Router ssrPath="/">{node}</Router>
    </SiteContext.Provider>,
  );

describe('navbar items', () => {
  it('render by type from the site config', () => {
    const html = ssr(
      <>
        <NavbarItemView item={{ type: 'link', label: 'Home', to: '/', position: 'left', icon: 'lucide:house' }} />
        <NavbarItemView
          item={{ type: 'link', label: 'Knowledge Hub', href: 'https://help.example/', position: 'left' }}
        />
        <NavbarItemView item={{ type: 'localeDropdown', position: 'right' }} />
      </>,
    );
    expect(html).toContain('href="/"');
    expect(html).toMatch(
      /<a class="navbar-link" href="https:\/\/help\.example\/" target="_blank" rel="noopener noreferrer">/,
    );
    expect(html).toContain('<span>English</span>');
    expect(html).not.toContain('navbar-config-error');
  });

  it('an unknown item type shows a configuration error naming the type, even when prerendering', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = ssr(<NavbarItemView item={{ type: 'mega-menu', position: 'left' } as unknown as NavbarItem} />);
    expect(html).toContain('navbar-config-error');
    expect(html).toContain('No navbar item component found for type &quot;mega-menu&quot;.');
    expect(new UnknownNavbarItemError('mega-menu').message).toBe(
      'No navbar item component found for type "mega-menu".',
    );
    error.mockRestore();
  });

  it('the whole prerendered page survives a navbar item it cannot render', () => {
    const broken = {
      ...manifest,
      site: { ...site, navbar: { ...site.navbar, items: [...site.navbar.items, { type: 'html', position: 'left' }] } },
    } as unknown as Manifest;
    const html = renderRoute(broken, '/nowhere', undefined);
    expect(html).toContain('No navbar item component found for type &quot;html&quot;.');
    expect(html).toContain('Page Not Found');
    expect(html).toContain('Copyright © 2025 Paydocs.');
  });
});

describe('icons', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('come from the build when the key is known, blank space otherwise (no fetch while prerendering)', () => {
    expect(ssr(<Icon name="lucide:house" />)).toBe(
      '<svg class="icon " viewBox="0 0 24 24" aria-hidden="true"><path d="M1 1h2"/></svg>',
    );
    expect(ssr(<Icon name="lucide:rocket" />)).toBe('<span class="icon icon-blank " aria-hidden="true"></span>');
  });

  it('the fallback GETs <origin>/<prefix>.json?icons=a,b, split so that no URL exceeds 500 characters', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `some-long-icon-name-${i}`);
    const urls = iconRequestUrls('lucide', names);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) {
      expect(url.length).toBeLessThanOrEqual(ICON_API.maxUrlLength);
      expect(url.startsWith(`${ICON_API.origin}/lucide.json?icons=`)).toBe(true);
    }
    const fetchMock = vi.fn(async (url: string) => {
      const wanted = new URL(url).searchParams.get('icons')!.split(',');
      return new Response(
        JSON.stringify({
          prefix: 'lucide',
          width: 24,
          height: 24,
          icons: Object.fromEntries(wanted.map((n) => [n, { body: `<g id="${n}"/>` }])),
        }),
      );
    });
    // DOMPurify needs a DOM: the sanitiser is checked in Chromium (test/browser/reader-chrome.test.ts).
    const icons = await fetchIcons('lucide', names, fetchMock as unknown as typeof fetch, async (body) => body);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(urls);
    expect(Object.keys(icons).sort()).toEqual(names.map((n) => `lucide:${n}`).sort());
    expect(icons['lucide:some-long-icon-name-7']).toEqual({
      body: '<g id="some-long-icon-name-7"/>',
      width: 24,
      height: 24,
    });
  });

  it('gives up after 5000 ms and leaves a blank (no icon, no error)', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          signal = init!.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = fetchIcons('lucide', ['rocket'], hanging as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(ICON_API.timeout - 1);
    expect(signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal!.aborted).toBe(true);
    await expect(result).resolves.toEqual({});
  });

  it('a failed or refused request also leaves a blank', async () => {
    await expect(
      fetchIcons('lucide', ['rocket'], (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    ).resolves.toEqual({});
    await expect(
      fetchIcons('lucide', ['rocket'], (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch),
    ).resolves.toEqual({});
    await expect(
      fetchIcons('lucide', ['rocket'], (async () => new Response('not json')) as unknown as typeof fetch),
    ).resolves.toEqual({});
  });
});

describe('progress bar and head data', () => {
  it('trickles up from the minimum, more slowly as it nears the end, never reaching 1', () => {
    let n: number = PROGRESS_BAR.minimum;
    const steps = [n];
    for (let i = 0; i < 400; i++) steps.push((n = trickle(n)));
    expect(steps[1]).toBeCloseTo(0.18);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]);
    expect(steps.at(-1)).toBeLessThan(1);
  });

  it('titles are "Page | Site"; not-found addresses are noindex', () => {
    expect(pageTitle('Introduction', 'Paydocs')).toBe('Introduction | Paydocs');
    const notFound = headData(site, '/gone', undefined, {});
    expect(notFound).toMatchObject({
      title: 'Page Not Found | Paydocs',
      noindex: true,
      url: 'https://docs.example/gone',
      image: 'https://docs.example/img/card.png',
    });
    const page = {
      route: '/a',
      title: 'A',
      description: 'd',
      keywords: ['x', 'y'],
      frontmatter: { image: '/img/a.png', tags: ['t1', 't2'] },
    } as never;
    expect(headData(site, '/a', page, { '/a': {} })).toEqual({
      title: 'A | Paydocs',
      description: 'd',
      keywords: 'x, y',
      url: 'https://docs.example/a',
      image: 'https://docs.example/img/a.png',
      tags: 't1,t2',
    });
  });
});

describe('sidebar', () => {
  const link = (label: string, href: string) => ({ type: 'link', label, href }) as SidebarItemOut;
  const category = (label: string, items: SidebarItemOut[], href?: string) =>
    ({ type: 'category', label, href, items, collapsed: true }) as SidebarItemOut;
  const items = [
    category('Payments', [
      category('Brazil', [link('PIX payin', '/services/pix/payin'), link('Boleto', '/services/boleto')]),
      link('Cards', '/services/cards'),
    ]),
    category('Reference', [link('Currencies', '/reference/currency_codes')], '/reference'),
  ];
  // Each category's addresses are kept per item (Sidebar.tsx): the same items must answer for every page.
  const openCategories = (path: string) =>
    [
      ...renderToString(
        <Router ssrPath={path}>
          <SidebarList items={items} path={path} />
        </Router>,
      ).matchAll(/<li class="sidebar-category sidebar-active-path">.*?>([^<]+)<\/(?:a|button)>/g),
    ].map((m) => m[1]);

  it('opens the categories on the path to the current page, at any depth, and only those', () => {
    expect(openCategories('/services/pix/payin')).toEqual(['Payments', 'Brazil']);
    expect(openCategories('/services/cards')).toEqual(['Payments']);
    expect(openCategories('/reference')).toEqual(['Reference']);
    expect(openCategories('/reference/currency_codes')).toEqual(['Reference']);
    expect(openCategories('/elsewhere')).toEqual([]);
  });
  it("names each category by its place, so two of one label and the drawer's copy keep ids of their own", () => {
    const twice = [
      category('API v1', [category('Transactions', [link('Create', '/v1/create')])]),
      category('API v2', [category('Transactions', [link('Create', '/v2/create')])]),
    ].map((c) => ({ ...c, collapsed: false, items: c.items!.map((i) => ({ ...i, collapsed: false })) }));
    const html = renderToString(
      <Router ssrPath="/v1/create">
        <SidebarList items={twice} path="/v1/create" />
        <SidebarList items={twice} path="/v1/create" scope="drawer:" />
      </Router>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([
      'sidebar:0',
      'sidebar:0.0',
      'sidebar:1',
      'sidebar:1.0',
      'drawer:0',
      'drawer:0.0',
      'drawer:1',
      'drawer:1.0',
    ]);
    // Every button controls the list of its own category.
    expect(new Set([...html.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set(ids));
  });
});
