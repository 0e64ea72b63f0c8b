/**
 * The prerendered sidebar (reader/shell/sidebar-html.tsx) is React's own markup of the list
 * for every page, though React renders it only once per set of open categories: on the real
 * site's sidebar and on one with the awkward cases, with the pages in either order (which
 * page's list is rendered, and which get the current link moved, depends on the order).
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Manifest, SidebarItemOut } from '../../schema/manifest.ts';
import { SidebarList } from '../../reader/shell/Sidebar.tsx';
import { moveCurrentLink, sidebarListHtml, sidebarRenders } from '../../reader/shell/sidebar-html.tsx';
import { renderRoute } from '../../reader/render.tsx';
import { App } from '../../reader/app.tsx';
import { createPageLoader } from '../../reader/lib/page-loader.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { docsSidebar } from '../../pipeline/link/sidebar.ts';
import { projectRoot } from '../helpers.ts';

const react = (items: SidebarItemOut[], path: string) =>
  renderToString(
    <Router ssrPath={path} ssrSearch="">
      <SidebarList items={items} path={path} />
    </Router>,
  );

/** Each route's list both ways, in page order and reversed; how many lists React rendered. */
function compareAll(sidebar: SidebarItemOut[], routes: string[]): number {
  const before = sidebarRenders.count;
  for (const order of [routes, [...routes].reverse()]) {
    // A copy per order: the lists are kept per sidebar object, and each order starts with none.
    const items = structuredClone(sidebar);
    for (const route of order) expect(sidebarListHtml(items, route), route).toBe(react(items, route));
  }
  return sidebarRenders.count - before;
}

const link = (label: string, href: string) => ({ type: 'link', label, href }) as SidebarItemOut;
const category = (label: string, items: SidebarItemOut[], extra: Partial<SidebarItemOut> = {}) =>
  ({ type: 'category', label, items, collapsed: true, ...extra }) as SidebarItemOut;

describe('the prerendered sidebar list', () => {
  it("is React's own on every page of the real site, rendered by React for few of them", async () => {
    const content = await loadContent(projectRoot);
    const { site } = validateContent(content);
    const sidebar = docsSidebar(site!).items;
    const routes = [...site!.pages.map((p) => p.route), '/search', '/no-such-page'];
    const rendered = compareAll(sidebar, routes);
    expect(rendered).toBeGreaterThan(0);
    // Twice through the routes, one render per set of open categories in each pass (74 sets
    // for 274 routes): fewer than half the lists.
    expect(rendered).toBeLessThan(routes.length);
  });

  it("is React's own for a page linked twice, a category, at top or in an open category, an escaped address", () => {
    const sidebar = [
      link('Home', '/'),
      category('Payments', [
        category('Brazil', [link('PIX', '/services/pix/payin'), link('Boleto', '/services/boleto')], {
          href: '/services/brazil',
        }),
        link('Cards', '/services/cards'),
        link('PIX again', '/services/pix/payin'),
        link('Status page', 'https://status.example.com/'),
      ]),
      category('Always open', [link('Limits', '/limits'), link('Fees', '/fees')], { collapsed: false }),
      category('Odd', [link('Ampersand', '/a&b'), link('Quote', '/q"x'), link('Plain', '/plain')]),
    ];
    const routes = [
      '/',
      '/services/pix/payin',
      '/services/boleto',
      '/services/brazil',
      '/services/cards',
      '/limits',
      '/fees',
      '/a&b',
      '/q"x',
      '/plain',
      '/elsewhere',
    ];
    const rendered = compareAll(sidebar, routes);
    expect(rendered).toBeLessThan(2 * routes.length);
  });

  it('moves the current link only where every link to both pages is written as SidebarList writes it', () => {
    const list =
      '<a aria-current="page" href="/a" class="sidebar-link active">A</a><a href="/b" class="sidebar-link">B</a>';
    expect(moveCurrentLink(list, '/a', '/b')).toBe(
      '<a href="/a" class="sidebar-link">A</a><a aria-current="page" href="/b" class="sidebar-link active">B</a>',
    );
    expect(moveCurrentLink(list, '/a', '/a')).toBe(list);
    expect(moveCurrentLink(list.replace('class="sidebar-link">B', 'class="other">B'), '/a', '/b')).toBeUndefined();
    expect(moveCurrentLink(list.replace('aria-current="page" ', ''), '/a', '/b')).toBeUndefined();
    expect(moveCurrentLink(list, '/a', '/b&c')).toBeUndefined();
  });

  it('leaves the whole prerendered document as React renders the App', () => {
    const sidebar = [category('Guides', [link('One', '/one'), link('Two', '/two')]), link('Three', '/three')];
    const routes = Object.fromEntries(
      ['/one', '/two', '/three'].map((r) => [r, { title: r, kind: 'doc', data: `/_data/pages${r}.json` }]),
    );
    const manifest = {
      version: 1,
      buildId: 'x',
      routes,
      sidebars: { docs: sidebar },
      search: '/s.json',
      icons: {},
      site: {
        title: 'Paydocs',
        url: 'https://docs.example',
        navbar: { items: [] },
        footer: {},
        colorMode: { defaultMode: 'light' },
        search: { contexts: [], labels: [] },
      },
    } as unknown as Manifest;
    const before = sidebarRenders.count;
    for (const route of ['/two', '/one', '/three', '/two']) {
      const loader = createPageLoader(manifest, () => Promise.reject(new Error('no fetch')));
      const html = renderRoute(manifest, route, undefined);
      expect(html, route).toBe(renderToString(<App manifest={manifest} loader={loader} ssrPath={route} />));
      expect(html, route).toContain(`<a aria-current="page" href="${route}"`);
    }
    // Its list came from sidebar-html.tsx: rendered for "Guides" open and for none open, moved for the rest.
    expect(sidebarRenders.count - before).toBe(2);
  });
});
