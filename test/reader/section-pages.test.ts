/** The not-found page's list for a section address (reader/page/section-pages.ts). */
import { describe, expect, it } from 'vitest';
import { sectionPages, sectionPath } from '../../reader/page/section-pages.ts';
import type { Manifest, SidebarItemOut } from '../../schema/manifest.ts';

const link = (label: string, href: string): SidebarItemOut => ({ type: 'link', label, href });
const category = (label: string, items: SidebarItemOut[], href?: string): SidebarItemOut => ({
  type: 'category',
  label,
  items,
  ...(href ? { href } : {}),
});

const docs: SidebarItemOut[] = [
  category('Getting started', [
    link('Overview', '/'),
    link('Callbacks', '/callbacks'),
    link('Knowledge Hub', 'https://example.com/hub'),
  ]),
  category('API v2', [
    category('Transactions', [link('create', '/api/v2/transaction/create'), link('find', '/api/v2/transaction/find')]),
    link('list', '/api/v2/list'),
  ]),
  category('API v1', [
    category('Transactions', [link('create', '/api/v1/transaction/create')]),
    link('list', '/api/v1/list'),
  ]),
  category('Payment methods', [
    link('Cards', '/services/cards'),
    category(
      'PIX (Brazil)',
      [link('Payin', '/services/pix/payin'), link('Payout', '/services/pix/payout')],
      '/services/pix',
    ),
    category('Elsewhere', [link('Outside', 'https://example.com/x')]),
  ]),
];
const routes = Object.fromEntries(
  [
    '/',
    '/callbacks',
    '/api/v2/transaction/create',
    '/api/v2/transaction/find',
    '/api/v2/list',
    '/api/v1/transaction/create',
    '/api/v1/list',
    '/services/cards',
    '/services/pix',
    '/services/pix/payin',
    '/services/pix/payout',
    '/extra/one',
    '/extra/two',
  ].map((route) => [route, { title: `Title of ${route}`, kind: 'doc', data: '' }]),
) as Manifest['routes'];
const manifest = { routes, sidebars: { docs } };

describe('the pages under a section address', () => {
  it('lists the one category holding every page under it, by its items', () => {
    expect(sectionPages('/api/v2', manifest)).toEqual({
      path: '/api/v2',
      entries: [
        {
          label: 'Transactions',
          items: [
            { label: 'create', href: '/api/v2/transaction/create' },
            { label: 'find', href: '/api/v2/transaction/find' },
          ],
        },
        { label: 'list', href: '/api/v2/list' },
      ],
    });
  });

  it('lists every outermost category under it; a category with a page of its own is one link', () => {
    expect(sectionPages('/api', manifest)!.entries.map((e) => e.label)).toEqual(['API v2', 'API v1']);
    expect(sectionPages('/services', manifest)!.entries).toEqual([
      { label: 'Cards', href: '/services/cards' },
      { label: 'PIX (Brazil)', href: '/services/pix' },
    ]);
  });

  it('finds a category below one that also holds other pages', () => {
    expect(sectionPages('/api/v1/transaction', manifest)!.entries).toEqual([
      { label: 'create', href: '/api/v1/transaction/create' },
    ]);
    expect(sectionPages('/api/v2/transaction', manifest)!.entries.map((e) => e.href)).toEqual([
      '/api/v2/transaction/create',
      '/api/v2/transaction/find',
    ]);
  });

  it('lists the pages by title when no category holds them', () => {
    expect(sectionPages('/extra', manifest)!.entries).toEqual([
      { label: 'Title of /extra/one', href: '/extra/one' },
      { label: 'Title of /extra/two', href: '/extra/two' },
    ]);
  });

  it('reads the address as its folder: a trailing slash, index.html, capitals and escapes', () => {
    for (const address of ['/api/v2/', '/api/v2//', '/api/v2/index.html', '/API/V2', '/api/v%32'])
      expect(sectionPath(address), address).toBe('/api/v2');
    expect(sectionPages('/API/v2/', manifest)!.path).toBe('/api/v2');
  });

  it('is no section: a page, the home page, a prefix of a name, an address with nothing under it', () => {
    for (const address of ['/services/pix', '/', '', '/api/v', '/serv', '/nothing/here', '/callbacks/x'])
      expect(sectionPages(address, manifest), address).toBeUndefined();
  });
});
