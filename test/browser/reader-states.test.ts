/**
 * The reader's states and transitions in real Chromium (spec §4, §8, §9; issue 6):
 * colour mode, route-change progress bar, page-load spinner, load failure + Retry,
 * crash page, hash scrolling, prefetching, not-found, address normalisation, metadata.
 * Delays are driven with Playwright's fake clock, so nothing asserts a real duration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';
import { HASH_SCROLL_MAX_FRAMES, PROGRESS_BAR, SPINNER_DELAY, STORAGE_KEYS, TEXT } from '../../reader/lib/constants.ts';
import { EXTRA_ROUTES } from '../../schema/page-head.ts';

const OLD_LINKS = `---
title: Old links
description: Links written the old way, with .html and index.html addresses, and links to anchors.
keywords: [links, anchors]
---
Read the [introduction (html)](/introduction.html) or the [PIX overview (index.html)](/services/pix/index.html).

Anchors: [amounts](/introduction#amounts), [a late anchor](/introduction#late-anchor),
[a missing anchor](/introduction#no-such-anchor).
`;

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite({ 'content/old-links.md': OLD_LINKS });
});
afterAll(async () => {
  await site?.close();
});

const NO_PREFETCH =
  "Object.defineProperty(Navigator.prototype, 'connection', { configurable: " +
  "true, get: () => ({ effectiveType: '4g', saveData: true }) });";
const pageJson = (route: string) =>
  new RegExp(`/_data/pages${route === '/' ? '/index' : route.replace(/\//g, '\\/')}\\.json`);

/** Hold a page JSON response until `release()` is called. */
async function holdPageJson(page: Page, route: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let requested = 0;
  await page.route(pageJson(route), async (r: Route) => {
    requested++;
    await released;
    await r.continue();
  });
  return { release, requested: () => requested };
}

describe('colour mode', () => {
  /**
   * Records data-theme at the moment #root is parsed: after <head>, before the app's script runs or
   * anything paints.
   */
  const recordTheme =
    "new MutationObserver((_, obs) => { if (document.getElementById('root')) { " +
    "window.__themeAtParse = document.documentElement.getAttribute('data-theme'); " +
    'obs.disconnect(); } }).observe(document, { childList: true, subtree: true });';
  const atParse = (page: Page) => page.evaluate(() => (window as unknown as { __themeAtParse: string }).__themeAtParse);
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('is light by default even if the OS prefers dark; the switch toggles light ↔ dark, set pre-paint', async () => {
    const { page, context } = await site.open('/introduction', { colorScheme: 'dark', init: recordTheme });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    expect(await atParse(page)).toBe('light');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await background(page)).toBe('rgb(255, 255, 255)');

    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    expect(await toggle.getAttribute('aria-label')).toContain('currently light mode');
    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await toggle.getAttribute('aria-label')).toContain('currently dark mode');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.colorMode)).toBe('dark');
    expect(await background(page)).not.toBe('rgb(255, 255, 255)');

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await atParse(page)).toBe('dark'); // no flash of light before the app loads
    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.colorMode)).toBe('light');
    await context.close();
  });

  it('a stored dark choice wins over a light OS, on every page', async () => {
    const { page, context } = await site.open('/', {
      colorScheme: 'light',
      init: `${recordTheme} localStorage.setItem('${STORAGE_KEYS.colorMode}', 'dark');`,
    });
    expect(await atParse(page)).toBe('dark');
    await page.locator('aside.sidebar a[href="/introduction"]').click();
    await page.waitForURL(`${site.base}/introduction`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await context.close();
  });
});

describe('colour mode, the other configuration (respectPrefersColorScheme: true)', () => {
  it('follows the OS while no choice is stored, and the switch cycles system → light → dark → system', async () => {
    const context = await site.browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    // Serve this site as if configured to respect the OS preference (HTML boot script + manifest).
    await page.route(
      (url) => url.pathname === '/introduction',
      async (r) => {
        const res = await r.fetch();
        await r.fulfill({
          response: res,
          body: (await res.text()).replace(
            'data-respect-prefers-color-scheme="false"',
            'data-respect-prefers-color-scheme="true"',
          ),
        });
      },
    );
    await page.route(/\/_data\/manifest\.json/, async (r) => {
      const res = await r.fetch();
      const manifest = await res.json();
      manifest.site.colorMode.respectPrefersColorScheme = true;
      await r.fulfill({ response: res, json: manifest });
    });
    await page.goto(`${site.base}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const theme = () => page.getAttribute('html', 'data-theme');
    const stored = () => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.colorMode);
    expect(await theme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(theme).toBe('dark');

    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.click();
    expect([await stored(), await theme()]).toEqual(['light', 'light']);
    expect(await toggle.getAttribute('aria-label')).toContain('currently light mode');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' }); // an explicit choice is not overridden by the OS
    expect(await theme()).toBe('light');
    await toggle.click();
    expect([await stored(), await theme()]).toEqual(['dark', 'dark']);
    await toggle.click();
    expect([await stored(), await theme()]).toEqual(['system', 'dark']);
    expect(await toggle.getAttribute('aria-label')).toContain('currently system mode');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    await context.close();
  });
});

describe('route change and page load', () => {
  it('the progress bar shows only for route changes over 200 ms (starts at 0.08, trickles every 800 ms)', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(NO_PREFETCH);
    await context.addInitScript(
      'window.__barShown = false; new MutationObserver(() => { const b = ' +
        "document.querySelector('.progress-bar'); if (b && !b.hidden) window.__barShown = true; " +
        "}).observe(document, { attributes: true, subtree: true, attributeFilter: ['hidden'] });",
    );
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${site.base}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const held = await holdPageJson(page, '/introduction');
    await page.clock.pauseAt(Date.now() + 60_000);
    const bar = page.locator('.progress-bar');
    // The bar's width animates in real time (CSS transition), so assert its state, not its painted size.
    const hidden = () => bar.evaluate((el) => (el as HTMLElement).hidden);

    await page.locator('main .markdown a[href="/introduction"]').click();
    await expect.poll(held.requested).toBe(1);
    await page.clock.runFor(PROGRESS_BAR.delay - 1);
    expect(await bar.getAttribute('data-state')).toBe('idle');
    expect(await hidden()).toBe(true);
    await page.clock.runFor(1);
    expect(await bar.getAttribute('data-state')).toBe('running');
    expect(await hidden()).toBe(false);
    expect(Number(await bar.getAttribute('data-value'))).toBe(PROGRESS_BAR.minimum);
    await page.clock.runFor(PROGRESS_BAR.trickleSpeed);
    expect(Number(await bar.getAttribute('data-value'))).toBeGreaterThan(PROGRESS_BAR.minimum);

    held.release();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    await expect.poll(() => bar.getAttribute('data-state')).toBe('done'); // set by an effect just after the page shows
    await page.clock.runFor(PROGRESS_BAR.speed);
    expect(await hidden()).toBe(true);
    expect(await bar.getAttribute('data-state')).toBe('idle');

    // A change that completes at once (page already loaded) never shows the bar.
    await page.evaluate(() => {
      (window as unknown as { __barShown: boolean }).__barShown = false;
    });
    await page.locator('aside.sidebar a[href="/"]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Fixture home');
    await page.clock.runFor(PROGRESS_BAR.delay * 5);
    expect(await page.evaluate(() => (window as unknown as { __barShown: boolean }).__barShown)).toBe(false);
    await context.close();
  });

  it('the page-load spinner shows only after 200 ms', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(NO_PREFETCH);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${site.base}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const held = await holdPageJson(page, '/introduction');
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.locator('main .markdown a[href="/introduction"]').click();
    await expect.poll(held.requested).toBe(1);
    const spinner = page.locator('main .page-spinner');
    await page.clock.runFor(SPINNER_DELAY - 1);
    expect(await spinner.count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('Fixture home'); // the previous page stays meanwhile
    await page.clock.runFor(1);
    expect(await spinner.isVisible()).toBe(true);
    expect(await spinner.getAttribute('role')).toBe('status');
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    held.release();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    expect(await spinner.count()).toBe(0);
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('false');
    await context.close();
  });

  it('a page JSON that fails to load shows the error text and a Retry button that loads it again', async () => {
    const { page, context } = await site.open('/', { init: NO_PREFETCH });
    const outcomes: ('500' | 'abort' | 'ok')[] = ['500', 'abort', 'ok'];
    await page.route(pageJson('/introduction'), async (r) => {
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome === '500') return r.fulfill({ status: 500, body: 'boom' });
      if (outcome === 'abort') return r.abort('failed');
      return r.continue();
    });
    await page.locator('main .markdown a[href="/introduction"]').click();
    const failed = page.locator('main .load-failed');
    await expect.poll(() => failed.isVisible()).toBe(true);
    expect(await failed.getAttribute('role')).toBe('alert');
    expect(await failed.locator('.load-error-text').textContent()).toBe('The page could not be loaded (HTTP 500).');
    await failed.getByRole('button', { name: TEXT.retry }).click();
    await expect.poll(() => failed.locator('.load-error-text').textContent()).toContain('the network request failed');
    await failed.getByRole('button', { name: TEXT.retry }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    expect(await failed.count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Introduction | Paydocs');
    await context.close();
  });

  it('a render crash shows "Page Error" / "This page crashed." and "Try again" renders the page again', async () => {
    const { page, context, errors } = await site.open('/', { init: NO_PREFETCH });
    let broken = true;
    await page.route(pageJson('/introduction'), async (r) => {
      const res = await r.fetch();
      const json = await res.json();
      // A node the decoder passes on as it is (any other hast node) and the page view cannot render.
      if (broken) json.content.children = [{ type: 'not-a-hast-node' }];
      await r.fulfill({ response: res, json });
    });
    await page.locator('main .markdown a[href="/introduction"]').click();
    const crash = page.locator('main .crash');
    await expect.poll(() => crash.isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(TEXT.crashTitle);
    expect(await crash.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT.crashHeading);
    // The chrome survives: navbar, sidebar and footer are still there.
    expect(await page.locator('nav.navbar').isVisible()).toBe(true);
    expect(await page.locator('footer.footer').isVisible()).toBe(true);
    await expect.poll(() => errors.some((e) => e.includes('crashed'))).toBe(true);

    broken = false;
    await crash.getByRole('button', { name: TEXT.tryAgain }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    await expect.poll(() => page.title()).toBe('Introduction | Paydocs');
    await context.close();
  });
});

describe('hash links', () => {
  const scrollState = (page: Page) =>
    page.evaluate(() => ({
      state: document.documentElement.dataset.hashScroll,
      frames: Number(document.documentElement.dataset.hashScrollFrames),
    }));
  const topOf = (page: Page, id: string) =>
    page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);

  it('a link to an anchor on another page scrolls to it after client navigation', async () => {
    const { page, context } = await site.open('/');
    await page.locator('main a', { hasText: 'creating a transaction' }).click();
    await page.waitForURL(`${site.base}/api/v2/transaction/create#request-parameters`);
    await expect.poll(() => scrollState(page)).toMatchObject({ state: 'found' });
    const top = await topOf(page, 'request-parameters');
    const navbarBottom = (await page.locator('nav.navbar').boundingBox())!.height;
    expect(top).toBeGreaterThanOrEqual(navbarBottom - 1); // not hidden under the navbar
    expect(top).toBeLessThan(navbarBottom + 60);
    await context.close();
  });

  it('a deep link with a hash lands on its anchor', async () => {
    // The response fields follow the request half of the operation's reference: far down the page.
    const { page, context } = await site.open('/api/v2/transaction/create#response-fields');
    await expect.poll(() => topOf(page, 'response-fields')).toBeLessThan(200);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300);
    await context.close();
  });

  it('retries for up to 20 animation frames while the content settles', async () => {
    const { page, context } = await site.open('/old-links');
    // The anchor appears 5 frames after the page has rendered: found by a retry.
    await page.evaluate(() => {
      const watch = () => {
        if (document.querySelector('h1')?.textContent !== 'Introduction') {
          requestAnimationFrame(watch);
          return;
        }
        let n = 0;
        const later = () => {
          if (++n < 5) {
            requestAnimationFrame(later);
            return;
          }
          const target = document.createElement('p');
          target.id = 'late-anchor';
          target.textContent = 'Late content';
          document.querySelector('main .markdown')!.append(target);
        };
        requestAnimationFrame(later);
      };
      requestAnimationFrame(watch);
    });
    await page.locator('main a', { hasText: 'a late anchor' }).click();
    await page.waitForURL(`${site.base}/introduction#late-anchor`);
    await expect.poll(() => scrollState(page)).toMatchObject({ state: 'found' });
    const { frames } = await scrollState(page);
    expect(frames).toBeGreaterThan(0);
    expect(frames).toBeLessThanOrEqual(HASH_SCROLL_MAX_FRAMES);

    // An anchor that never appears: it gives up after 20 frames, and the page stays usable.
    await page.goBack();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Old links');
    await page.locator('main a', { hasText: 'a missing anchor' }).click();
    await expect.poll(() => scrollState(page)).toEqual({ state: 'missing', frames: HASH_SCROLL_MAX_FRAMES });
    expect(await page.locator('h1').textContent()).toBe('Introduction');
    await context.close();
  });

  it('a link to an anchor of the page on screen scrolls there without reloading', async () => {
    // A page with a TOC (operation pages give its column to the reference's pane).
    const { page, context } = await site.open('/services/pix/payin', { height: 500 });
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    await page.getByRole('navigation', { name: TEXT.onThisPage }).getByRole('link', { name: 'Testing' }).click();
    await page.waitForURL(`${site.base}/services/pix/payin#testing`);
    await expect.poll(() => topOf(page, 'testing')).toBeLessThan(150);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await context.close();
  });
});

describe('prefetching', () => {
  const pageRequests = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (r) => {
      const m = /\/_data\/pages\/(.+)\.json/.exec(r.url());
      if (m) seen.push(m[1]);
    });
    return seen;
  };

  // The home page links to the introduction, an API page, PIX and (through :status[success]) the statuses table.
  it('prefetches the page JSON of pages linked from the visible page', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const seen = pageRequests(page);
    await page.goto(`${site.base}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect
      .poll(() => [...new Set(seen)].sort(), { timeout: 3000 })
      .toEqual([
        'api/v2/transaction/create',
        'index',
        'introduction',
        'reference/transaction_statuses',
        'services/pix',
      ]);
    // A prefetched page opens from memory: no second request.
    await page.locator('main .markdown a[href="/introduction"]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    expect(seen.filter((s) => s === 'introduction')).toHaveLength(1);
    await context.close();
  });

  for (const [name, connection] of [
    ['a 2g connection', { effectiveType: '2g', saveData: false }],
    ['data-saver on', { effectiveType: '4g', saveData: true }],
  ] as const) {
    it(`prefetches nothing on ${name}`, async () => {
      const context = await site.browser.newContext();
      await context.addInitScript(
        "Object.defineProperty(Navigator.prototype, 'connection', { " +
          `configurable: true, get: () => (${JSON.stringify(connection)}) });`,
      );
      const page = await context.newPage();
      const seen = pageRequests(page);
      await page.goto(`${site.base}/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.waitForLoadState('networkidle');
      expect(seen).toEqual(['index']);
      await context.close();
    });
  }
});

describe('addresses', () => {
  it('an unknown path shows the not-found page with status 404, also after client navigation', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${site.base}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('h1').textContent()).toBe(EXTRA_ROUTES['/404'].title);
    expect(await page.title()).toBe('Page Not Found | Paydocs');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.locator('main a', { hasText: 'Go to the docs home' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Fixture home');
    await expect.poll(() => page.locator('meta[name="robots"]').count()).toBe(0);
    await page.evaluate(() => {
      history.pushState(null, '', '/gone/away');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('h1').textContent()).toBe(EXTRA_ROUTES['/404'].title);
    await expect.poll(() => page.title()).toBe('Page Not Found | Paydocs');
    await context.close();
  });

  it('/x.html and /x/index.html are normalised to /x by the server (301, query kept)', async () => {
    const context = await site.browser.newContext();
    for (const [from, to] of [
      ['/introduction.html', '/introduction'],
      ['/services/pix/index.html?ref=1', '/services/pix?ref=1'],
      ['/index.html', '/'],
    ]) {
      const res = await context.request.get(site.base + from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers().location, from).toBe(to);
    }
    const page = await context.newPage();
    const res = await page.goto(`${site.base}/introduction.html#amounts`);
    expect(res?.request().redirectedFrom()?.url()).toBe(`${site.base}/introduction.html`);
    expect(page.url()).toBe(`${site.base}/introduction#amounts`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('h1').textContent()).toBe('Introduction');
    await context.close();
  });

  it('client-side navigation to /x.html or /x/index.html lands on /x, without a reload', async () => {
    const { page, context } = await site.open('/old-links');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
    });
    await page.locator('main a', { hasText: 'introduction (html)' }).click();
    await page.waitForURL(`${site.base}/introduction`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    await page.goBack();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Old links');
    await page.locator('main a', { hasText: 'PIX overview (index.html)' }).click();
    await page.waitForURL(`${site.base}/services/pix`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('PIX');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    await context.close();
  });
});

describe('metadata', () => {
  const head = (page: Page) =>
    page.evaluate(() => {
      const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content') ?? null;
      return {
        lang: document.documentElement.lang,
        title: document.title,
        description: meta('meta[name="description"]'),
        keywords: meta('meta[name="keywords"]'),
        canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogTitle: meta('meta[property="og:title"]'),
        ogDescription: meta('meta[property="og:description"]'),
        ogUrl: meta('meta[property="og:url"]'),
        ogImage: meta('meta[property="og:image"]'),
        twitterCard: meta('meta[name="twitter:card"]'),
        twitterTitle: meta('meta[name="twitter:title"]'),
        twitterDescription: meta('meta[name="twitter:description"]'),
        twitterImage: meta('meta[name="twitter:image"]'),
        language: meta('meta[name="docsearch:language"]'),
        version: meta('meta[name="docusaurus_version"]'),
        tag: meta('meta[name="docusaurus_tag"]'),
      };
    });
  const expected = (title: string, description: string, keywords: string, route: string) => ({
    lang: 'en',
    title: `${title} | Paydocs`,
    description,
    keywords,
    canonical: `https://docs.paydocs.example${route}`,
    ogTitle: `${title} | Paydocs`,
    ogDescription: description,
    ogUrl: `https://docs.paydocs.example${route}`,
    ogImage: 'https://docs.paydocs.example/img/social-card.png',
    twitterCard: 'summary_large_image',
    twitterTitle: `${title} | Paydocs`,
    twitterDescription: description,
    twitterImage: 'https://docs.paydocs.example/img/social-card.png',
    language: 'en',
    version: 'current',
    tag: 'docs-default-current',
  });

  it('head: lang, "Page | Site" title, description, keywords, canonical, OG, Twitter, lang/version/tag', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.base}/introduction`);
    expect(await head(page)).toEqual(
      expected(
        'Introduction',
        'Accounts, points, sandbox and production, and the life of a transaction.',
        'introduction, sandbox, points',
        '/introduction',
      ),
    );
    await context.close();
  });

  it('client navigation updates them', async () => {
    const { page, context } = await site.open('/introduction');
    await page
      .locator('aside.sidebar')
      .getByRole('button', { name: "Expand sidebar category 'Payment methods'" })
      .click();
    await page.locator('aside.sidebar a[href="/services/pix"]').click();
    await expect.poll(() => page.title()).toBe('PIX | Paydocs');
    const pix = JSON.parse(await (await context.request.get(`${site.base}/_data/pages/services/pix.json`)).text());
    expect(await head(page)).toEqual(expected('PIX', pix.description, pix.keywords.join(', '), '/services/pix'));
    expect(await page.locator('meta[name="description"]').count()).toBe(1); // updated in place, not duplicated
    await context.close();
  });
});
