/**
 * Quality of the reader in real Chromium: an axe-core run over a sample of pages and
 * states in both colour modes (no serious or critical violation), keyboard focus
 * order and visible focus, no sideways overflow, and screenshots at 375, 996 and
 * 1440 px in light and dark for a person to look at (test-output/screenshots/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axe, screenshotDir, startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';
import { STORAGE_KEYS } from '../../reader/lib/constants.ts';

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite();
});
afterAll(async () => {
  await site?.close();
});

const MODES = ['light', 'dark'] as const;
const WIDTHS = [375, 996, 1440] as const;
const SAMPLE = {
  home: '/',
  api: '/api/v2/transaction/create',
  'payment-method': '/services/pix/payin',
  'reference-table': '/reference/currency_codes',
} as const;

const withMode = (mode: string) => `localStorage.setItem('${STORAGE_KEYS.colorMode}', '${mode}');`;

async function seriousViolations(page: Page, label: string, include?: string): Promise<string[]> {
  let builder = axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: [${v.impact}] ${v.id} — ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

const NO_PREFETCH =
  "Object.defineProperty(Navigator.prototype, 'connection', { configurable: " +
  "true, get: () => ({ effectiveType: '4g', saveData: true }) });";
/** Page content that decodes but cannot render: a hast node with no children list. */
// A node the decoder passes on as it is (any other hast node) and the page view cannot render.
const BROKEN_CHILDREN = [{ type: 'not-a-hast-node' }];

describe('accessibility (axe-core)', () => {
  for (const mode of MODES) {
    it(`no serious or critical violation on sample pages and states, ${mode} mode`, async () => {
      const found: string[] = [];
      const goto = async (page: Page, url: string) => {
        await page.goto(site.base + url);
        await page.waitForSelector('html[data-hydrated="true"]');
      };

      // Whole pages at desktop width (chrome, content, announcement bar, TOC), and the open language dropdown.
      const desktop = await site.open('/', { init: withMode(mode) });
      expect(await desktop.page.getAttribute('html', 'data-theme')).toBe(mode);
      for (const url of [...Object.values(SAMPLE), '/no/such/page']) {
        if (url !== '/') await goto(desktop.page, url);
        // The long reference table is checked with its row filter in
        // use: the same cells, fewer of them (axe is slow on 180 rows).
        if (url === SAMPLE['reference-table']) await desktop.page.getByLabel('Filter rows').fill('EU');
        found.push(...(await seriousViolations(desktop.page, `${url} @1440`)));
      }
      await desktop.page.locator('nav.navbar .dropdown-toggle').click();
      found.push(...(await seriousViolations(desktop.page, 'language dropdown', 'nav.navbar .dropdown')));
      await desktop.context.close();

      // Mobile: a whole page, and the drawer on both of its panels.
      const mobile = await site.open('/api/v2/transaction/create', { width: 375, init: withMode(mode) });
      found.push(...(await seriousViolations(mobile.page, 'api @375')));
      await mobile.page.getByRole('button', { name: 'Open the navigation menu' }).click();
      found.push(...(await seriousViolations(mobile.page, 'drawer', '#mobile-drawer')));
      await mobile.page.getByRole('button', { name: 'Back to main menu' }).click();
      found.push(...(await seriousViolations(mobile.page, 'drawer main menu', '#mobile-drawer')));
      await mobile.context.close();

      // States: a failed load with its Retry button, and the crash page.
      const { page, context } = await site.open('/', { init: withMode(mode) + NO_PREFETCH });
      await page.route(/\/_data\/pages\/introduction\.json/, (r) => r.fulfill({ status: 503, body: '' }));
      await page.locator('main .markdown a[href="/introduction"]').click();
      await page.waitForSelector('main .load-failed');
      found.push(...(await seriousViolations(page, 'load failed', 'main')));
      await page.route(/\/_data\/pages\/services\/pix\.json/, async (r) => {
        const res = await r.fetch();
        const json = await res.json();
        await r.fulfill({ response: res, json: { ...json, content: { ...json.content, children: BROKEN_CHILDREN } } });
      });
      await page.evaluate(() => {
        history.pushState(null, '', '/services/pix');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForSelector('main .crash');
      found.push(...(await seriousViolations(page, 'crash', 'main')));
      await context.close();
      expect(found).toEqual([]);
    });
  }
});

describe('keyboard', () => {
  it('tabbing goes skip link → announcement → navbar → sidebar → main content, in that order', async () => {
    const { page, context } = await site.open('/introduction');
    const regions: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const region = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'none';
        if (el.classList.contains('skip-link')) return 'skip';
        if (el.closest('.announcement-bar')) return 'announcement';
        if (el.closest('nav.navbar')) return 'navbar';
        if (el.closest('aside.sidebar')) return 'sidebar';
        if (el.closest('main')) return 'main';
        if (el.closest('footer')) return 'footer';
        return 'other';
      });
      if (regions.at(-1) !== region) regions.push(region);
      if (region === 'main') break;
    }
    expect(regions).toEqual(['skip', 'announcement', 'navbar', 'sidebar', 'main']);
    await context.close();
  });

  it('every focused control shows a visible focus indicator', async () => {
    for (const mode of MODES) {
      const { page, context } = await site.open('/introduction', { init: withMode(mode) });
      const missing: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const s = getComputedStyle(el);
          const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
          return {
            what: `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
            visible,
          };
        });
        if (focus && !focus.visible) missing.push(focus.what);
      }
      expect(missing, mode).toEqual([]);
      await context.close();
    }
  });
});

describe('layout and screenshots', () => {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      it(`${width} px, ${mode}: no sideways overflow; screenshots saved`, async () => {
        const { page, context } = await site.open('/', { width, init: withMode(mode) });
        for (const [name, url] of Object.entries(SAMPLE)) {
          if (url !== '/') {
            await page.goto(site.base + url);
            await page.waitForSelector('html[data-hydrated="true"]');
          }
          expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${url} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
          const sidebarShown = await page.locator('aside.sidebar').isVisible();
          expect(sidebarShown, url).toBe(width >= 996);
          await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}-${mode}.png`) });
        }
        if (width === 375) {
          await page.getByRole('button', { name: 'Open the navigation menu' }).click();
          await page.screenshot({ path: path.join(screenshotDir, `mobile-menu-${width}-${mode}.png`) });
        }
        await context.close();
      });
    }
  }
});
