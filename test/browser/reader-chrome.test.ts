/**
 * The reader's chrome in real Chromium: navbar, icons, footer and the announcement bar
 * (spec §2 "Navigation and chrome", issue 6). The sidebar, drawer, skip link and the
 * furniture around a page's content: reader-navigation.test.ts. Printing: the article
 * alone, in the light palette.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import path from 'node:path';
import { startReaderSite, screenshotDir, type ReaderSite } from '../reader/browser-harness.ts';
import { STORAGE_KEYS, TEXT } from '../../reader/lib/constants.ts';

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite();
});
afterAll(async () => {
  await site?.close();
});

/** Serve the manifest with `change` applied (as if built by another paydocs version or config). */
async function patchManifest(page: Page, change: (manifest: Record<string, any>) => void) {
  await page.route(/\/_data\/manifest\.json/, async (route: Route) => {
    const res = await route.fetch();
    const manifest = await res.json();
    change(manifest);
    await route.fulfill({ response: res, json: manifest });
  });
}

describe('navbar', () => {
  it('has Home, Knowledge Hub (new tab, rel=noopener) and an English-only language dropdown', async () => {
    const { page, context, errors } = await site.open('/introduction');
    const nav = page.locator('nav.navbar');
    const home = nav.locator('a.navbar-link', { hasText: 'Home' });
    expect(await home.getAttribute('href')).toBe('/');
    const hub = nav.locator('a.navbar-link', { hasText: 'Knowledge Hub' });
    expect(await hub.getAttribute('href')).toBe('https://help.paydocs.example/');
    expect(await hub.getAttribute('target')).toBe('_blank');
    expect((await hub.getAttribute('rel'))!.split(' ')).toContain('noopener');

    const toggle = nav.locator('.dropdown-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const options = nav.locator('.dropdown-menu a');
    expect(await options.allTextContents()).toEqual(['English']);
    expect(await options.first().getAttribute('lang')).toBe('en');
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.locator('.dropdown-menu').count()).toBe(0);

    await home.click();
    await page.waitForURL(`${site.base}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Fixture home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays on screen after scrolling (it never hides)', async () => {
    const { page, context } = await site.open('/api/v2/transaction/create');
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
    await page.mouse.wheel(0, -200); // scrolling up does not reveal it either: it was never hidden
    await page.mouse.wheel(0, 1500);
    const box = await page.locator('nav.navbar').boundingBox();
    expect(box?.y).toBe(0);
    expect(await page.locator('nav.navbar').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.elementFromPoint(200, 20)?.closest('nav.navbar') !== null)).toBe(true);
    await context.close();
  });

  it('shows a configuration error in place of an item that fails to render, and names an unknown type', async () => {
    const opened = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await opened.newPage();
    await patchManifest(p, (m) => {
      m.site.navbar.items.splice(
        1,
        0,
        { type: 'link', label: 'Broken', position: 'left' },
        { type: 'mega-menu', position: 'left' },
      );
    });
    await p.goto(`${site.base}/introduction`);
    await p.waitForSelector('html[data-hydrated="true"]');
    const errorsShown = p.locator('nav.navbar .navbar-config-error');
    await expect.poll(() => errorsShown.count()).toBe(2);
    const texts = await errorsShown.allTextContents();
    expect(texts[0]).toContain(TEXT.navbarConfigError);
    expect(texts[0]).toContain('"label":"Broken"');
    expect(texts[1]).toContain('No navbar item component found for type "mega-menu"');
    // The rest of the navbar and the page still work.
    expect(await p.locator('nav.navbar a.navbar-link', { hasText: 'Home' }).isVisible()).toBe(true);
    expect(await p.locator('h1').textContent()).toBe('Introduction');
    await opened.close();
  });
});

describe('icons', () => {
  it('renders configured icons from the build, with no request to the icon API', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const iconRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('api.iconify.design')) iconRequests.push(r.url());
    });
    await page.goto(`${site.base}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    for (const label of ['Home', 'Knowledge Hub']) {
      const svg = page.locator('nav.navbar a.navbar-link', { hasText: label }).locator('svg.icon');
      expect(await svg.count()).toBe(1);
      expect(await svg.evaluate((el) => el.innerHTML.length)).toBeGreaterThan(20);
    }
    expect(await page.locator('nav.navbar .dropdown-toggle svg.icon').count()).toBe(1);
    expect(iconRequests).toEqual([]);
    await context.close();
  });

  it('fetches an icon missing from the build from the icon API, and leaves a blank space when that fails', async () => {
    for (const outcome of ['ok', 'fail'] as const) {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const requested: string[] = [];
      await patchManifest(page, (m) => {
        m.site.navbar.items[0].icon = 'lucide:rocket';
        delete m.icons['lucide:rocket'];
      });
      await page.route('https://api.iconify.design/**', async (route) => {
        requested.push(route.request().url());
        if (outcome === 'fail') return route.abort('failed');
        return route.fulfill({
          json: {
            prefix: 'lucide',
            width: 24,
            height: 24,
            icons: { rocket: { body: '<path id="rocket-path" d="M4 4h16v16H4z"/>' } },
          },
          headers: { 'access-control-allow-origin': '*' },
        });
      });
      await page.goto(`${site.base}/introduction`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const home = page.locator('nav.navbar a.navbar-link', { hasText: 'Home' });
      if (outcome === 'ok') {
        await page.waitForSelector('nav.navbar #rocket-path', { state: 'attached' });
      } else {
        await expect.poll(() => requested.length).toBe(1);
        expect(await home.locator('.icon-blank').count()).toBe(1);
        expect(await page.locator('h1').textContent()).toBe('Introduction');
      }
      expect(requested).toEqual(['https://api.iconify.design/lucide.json?icons=rocket']);
      expect(await home.isVisible()).toBe(true);
      await context.close();
    }
  });

  it('keeps only the drawing of a hostile API icon: no scripts, handlers, foreignObject, javascript:', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await patchManifest(page, (m) => {
      m.site.navbar.items[0].icon = 'lucide:rocket';
      delete m.icons['lucide:rocket'];
    });
    const hostile = [
      '<path id="rocket-path" d="M4 4h16v16H4z" onclick="window.pwned=1"/>',
      '<script>window.pwned=2</script>',
      '<g onload="window.pwned=3"><circle id="rocket-dot" cx="12" cy="12" r="2"/></g>',
      '<foreignObject width="10" height="10"><iframe src="javascript:parent.pwned=4"></iframe></foreignObject>',
      '<a href="javascript:window.pwned=5"><rect id="rocket-box" width="4" height="4"/></a>',
      '<image href="x" onerror="window.pwned=6"/>',
    ].join('');
    await page.route('https://api.iconify.design/**', (route) =>
      route.fulfill({
        json: { prefix: 'lucide', width: 24, height: 24, icons: { rocket: { body: hostile } } },
        headers: { 'access-control-allow-origin': '*' },
      }),
    );
    await page.goto(`${site.base}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForSelector('nav.navbar #rocket-path', { state: 'attached' });
    const icon = page.locator('nav.navbar svg.icon', { has: page.locator('#rocket-path') });
    const markup = await icon.evaluate((svg) => svg.innerHTML);
    expect(markup).toContain('rocket-dot'); // the drawing stays
    expect(markup).toContain('rocket-box');
    expect(markup).not.toMatch(/<script|foreignObject|<iframe|javascript:|\son[a-z]+=/i);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await context.close();
  });
});

describe('footer', () => {
  it('is a single copyright line for 2025 with no link columns', async () => {
    const { page, context } = await site.open('/');
    const footer = page.locator('footer.footer');
    expect(await footer.count()).toBe(1);
    expect((await footer.innerText()).trim()).toBe('Copyright © 2025 Paydocs.');
    expect(await footer.locator('a, ul, ol, nav').count()).toBe(0);
    await context.close();
  });
});

describe('announcement bar', () => {
  const recordAtParse = `
    window.__bar = {};
    new MutationObserver((_, obs) => {
      const bar = document.querySelector('.announcement-bar');
      if (bar && !window.__bar.parsed) {
        window.__bar.parsed = true;
        window.__bar.markedBeforeParse =
          document.documentElement.getAttribute('data-announcement-dismissed') === 'true';
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      const bar = document.querySelector('.announcement-bar');
      window.__bar.displayAtDomReady = bar ? getComputedStyle(bar).display : 'absent';
    });`;

  const keys = { id: STORAGE_KEYS.announcementId, dismissed: STORAGE_KEYS.announcement };
  it('is dismissible; the dismissal is remembered (no flash) and forgotten when the id changes', async () => {
    const { page, context } = await site.open('/introduction', { init: recordAtParse });
    const bar = page.getByRole('region', { name: 'Announcement' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.innerText()).toContain('API v1 is frozen');
    expect(await bar.getByRole('link', { name: 'introduction' }).getAttribute('href')).toBe('/introduction');
    const id = await bar.getAttribute('data-id');
    await bar.getByRole('button', { name: TEXT.closeAnnouncement }).click();
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate((k) => [localStorage.getItem(k.id), localStorage.getItem(k.dismissed)], keys)).toEqual([
      id,
      'true',
    ]);

    // Reload: hidden before first paint (marked before the bar is even parsed), then gone.
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    const seen = await page.evaluate(() => (window as unknown as { __bar: Record<string, unknown> }).__bar);
    expect(seen).toEqual({ parsed: true, markedBeforeParse: true, displayAtDomReady: 'none' });
    expect(await bar.count()).toBe(0);

    // A new bar id (stored id no longer matches): shown again.
    await page.evaluate((k) => localStorage.setItem(k, 'an-older-announcement'), keys.id);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(
      await page.evaluate(() => (window as unknown as { __bar: Record<string, unknown> }).__bar.displayAtDomReady),
    ).toBe('flex');
    expect(await bar.isVisible()).toBe(true);
    expect(await page.evaluate((k) => [localStorage.getItem(k.id), localStorage.getItem(k.dismissed)], keys)).toEqual([
      id,
      null,
    ]);
    await context.close();
  });
});

describe('printing', () => {
  it('prints the article alone, in the light palette even in dark mode, code wrapped rather than cut', async () => {
    const { page, context, errors } = await site.open('/api/v2/transaction/create', {
      init: `localStorage.setItem('${STORAGE_KEYS.colorMode}', 'dark');`,
    });
    const look = () =>
      page.evaluate(() => {
        const style = (selector: string) => {
          const e = document.querySelector(selector);
          return e ? getComputedStyle(e) : undefined;
        };
        const chrome = [
          '.announcement-bar',
          '.navbar',
          '.sidebar',
          '.toc-column',
          '.page-actions',
          '.pagination-nav',
          'footer.footer',
        ].filter((s) => document.querySelector(s) && style(s)!.display !== 'none');
        return {
          text: style('body')!.color,
          keyword: style('.hljs-keyword')?.color,
          chrome,
          // A code sample (the endpoint's URL above it may wrap on screen).
          wrap: style('.api-pane-request .code-block pre')!.whiteSpace,
          article: Math.round(document.querySelector('article')!.getBoundingClientRect().width),
        };
      });
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const screen = await look();
    expect(screen).toMatchObject({ text: 'rgb(227, 227, 227)', keyword: 'rgb(255, 123, 114)', wrap: 'pre' });
    expect(screen.chrome).toEqual(
      // An operation page gives the TOC column to its reference's pane.
      expect.arrayContaining(['.navbar', '.sidebar', '.page-actions', 'footer.footer']),
    );

    await page.emulateMedia({ media: 'print' });
    const paper = await look();
    expect(paper).toMatchObject({
      text: 'rgb(28, 30, 33)',
      keyword: 'rgb(207, 34, 46)',
      chrome: [],
      wrap: 'pre-wrap',
      article: 1440,
    });
    await page.screenshot({ path: path.join(screenshotDir, 'api-print-dark-mode.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
