/**
 * Finding the way in real Chromium: the docs sidebar, the mobile drawer, the skip link,
 * breadcrumbs, TOC, previous/next, last updated, code tabs and copy buttons (spec §2
 * "Navigation and chrome", issue 6). The navbar, icons, footer and announcement bar:
 * reader-chrome.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';
import { DESKTOP_BREAKPOINT, STORAGE_KEYS, TEXT } from '../../reader/lib/constants.ts';

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite();
});
afterAll(async () => {
  await site?.close();
});

describe('docs sidebar', () => {
  it('highlights the current page, opens its category, and collapses categories in 4–19 ms', async () => {
    const { page, context } = await site.open('/services/pix/payin');
    const sidebar = page.locator('aside.sidebar');
    const current = sidebar.locator('[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe('/services/pix/payin');
    expect(await current.evaluate((el) => el.classList.contains('active'))).toBe(true);
    expect(await current.isVisible()).toBe(true);
    // Every category on the way to it is open; others are closed.
    expect(await sidebar.getByRole('button', { name: "Collapse sidebar category 'Payment methods'" }).count()).toBe(1);
    const apiCaret = sidebar.getByRole('button', { name: "Expand sidebar category 'API v2'" });
    expect(await apiCaret.getAttribute('aria-expanded')).toBe('false');
    const panelId = (await apiCaret.getAttribute('aria-controls'))!;
    const panel = page.locator(`[id="${panelId}"]`);
    expect(await panel.isVisible()).toBe(false);

    await apiCaret.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    const ms = Number(await panel.getAttribute('data-animation-ms'));
    expect(ms).toBeGreaterThanOrEqual(4);
    expect(ms).toBeLessThanOrEqual(19);
    expect(await panel.locator('li').first().isVisible()).toBe(true);

    await sidebar.getByRole('button', { name: "Collapse sidebar category 'API v2'" }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await context.close();
  });

  it('uses a 1 ms animation with reduced motion', async () => {
    const { page, context } = await site.open('/introduction', { reducedMotion: 'reduce' });
    const caret = page.locator('aside.sidebar').getByRole('button', { name: "Expand sidebar category 'Reference'" });
    const panel = page.locator(`[id="${await caret.getAttribute('aria-controls')}"]`);
    await caret.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getAttribute('data-animation-ms')).toBe('1');
    await context.close();
  });

  it('opens the category of a page reached by client navigation', async () => {
    const { page, context } = await site.open('/');
    await page.locator('main a', { hasText: 'PIX' }).first().click();
    await page.waitForURL(`${site.base}/services/pix`);
    const current = page.locator('aside.sidebar [aria-current="page"]');
    await expect.poll(() => current.getAttribute('href')).toBe('/services/pix');
    await expect.poll(() => current.isVisible()).toBe(true);
    await context.close();
  });
});

describe('mobile drawer and skip link', () => {
  it('below 996 px: a menu button opens the sidebar drawer with "Back to main menu"; it closes at 996 px', async () => {
    const { page, context } = await site.open('/introduction', { width: 375 });
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Open the navigation menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    expect(await drawer.isVisible()).toBe(true);
    expect(await drawer.locator('[aria-current="page"]').textContent()).toBe('Introduction');
    await drawer.getByRole('button', { name: TEXT.backToMainMenu }).click();
    const mainMenu = drawer.getByRole('navigation', { name: 'Main menu' });
    expect(await mainMenu.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    expect(await mainMenu.getByRole('link', { name: /Knowledge Hub/ }).isVisible()).toBe(true);
    // The colour-mode switch and the language menu are reachable in the drawer too.
    await mainMenu.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await mainMenu.getByRole('button', { name: /Switch between dark and light mode/ }).innerText()).toBe(
      'Dark mode',
    );
    await mainMenu.getByRole('button', { name: 'Language: English' }).click();
    expect(await mainMenu.locator('.dropdown-menu a').allInnerTexts()).toEqual(['English']);
    await drawer.getByRole('button', { name: /Docs menu/ }).click();
    expect(await drawer.getByRole('button', { name: TEXT.backToMainMenu }).isVisible()).toBe(true);

    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open the navigation menu');

    // A link in the drawer navigates and closes it.
    await menu.click();
    await drawer.getByRole('link', { name: 'Fixture home' }).click();
    await page.waitForURL(`${site.base}/`);
    await expect.poll(() => drawer.count()).toBe(0);

    await menu.click();
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT - 1, height: 900 });
    expect(await drawer.isVisible()).toBe(true);
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT, height: 900 });
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await page.locator('aside.sidebar').isVisible()).toBe(true);
    await context.close();
  });

  it('"Skip to main content" is the first focusable element and moves focus to the main content', async () => {
    for (const width of [1440, 375]) {
      const { page, context } = await site.open('/introduction', { width });
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => ({
        text: document.activeElement?.textContent,
        href: document.activeElement?.getAttribute('href'),
      }));
      expect(focused).toEqual({ text: TEXT.skipToContent, href: '#main-content' });
      const box = await page.locator('.skip-link').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0); // visible while focused
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      await page.keyboard.press('Tab'); // the next stop is inside the main content
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
      await context.close();
    }
  });

  it('after a client-side navigation the next Tab reaches "Skip to main content" again', async () => {
    const { page, context } = await site.open('/introduction');
    await page.locator('aside.sidebar a[href="/"]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Fixture home');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(TEXT.skipToContent);
    await context.close();
  });
});

describe('page furniture', () => {
  it('breadcrumbs on doc pages', async () => {
    const { page, context } = await site.open('/services/pix/payin');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    const items = (await crumbs.locator('li').allInnerTexts()).map((t) => t.trim());
    expect(items.slice(1)).toEqual(['Payment methods', 'PIX', 'PIX payin']);
    expect(await crumbs.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('PIX payin');
    await crumbs.getByRole('link', { name: 'PIX', exact: true }).click();
    await page.waitForURL(`${site.base}/services/pix`);
    await context.close();
  });

  it('the table of contents lists h2–h3 and highlights the section in view while scrolling', async () => {
    // A method page (operation pages give the TOC column to the reference's pane).
    const { page, context } = await site.open('/services/pix/payin', { height: 400 });
    const toc = page.getByRole('navigation', { name: TEXT.onThisPage });
    const ids = await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    const headings = await page.evaluate(() =>
      [...document.querySelectorAll('main .markdown h2[id], main .markdown h3[id]')].map((h) => h.id),
    );
    expect(ids).toEqual(headings);
    const active = () => toc.locator('a[aria-current="location"]').getAttribute('href');
    await expect.poll(active).toBe(`#${ids[0]}`);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const id of ids.slice(1, 3)) {
      await page.evaluate((i) => document.getElementById(i)!.scrollIntoView(), id);
      await expect.poll(active).toBe(`#${id}`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(active).toBe(`#${ids[0]}`);
    await context.close();
  });

  it('previous / next links follow the sidebar order, and the last-updated date shows', async () => {
    const { page, context } = await site.open('/introduction');
    // Reading order of the whole sidebar (collapsed categories render their links lazily, so read the manifest).
    const order = await page.evaluate(async () => {
      type Item = { href?: string; items?: Item[] };
      const manifest = (await (await fetch('/_data/manifest.json')).json()) as { sidebars: { docs: Item[] } };
      const out: string[] = [];
      const walk = (items: Item[]) => {
        for (const i of items) {
          if (i.href?.startsWith('/')) out.push(i.href);
          if (i.items) walk(i.items);
        }
      };
      walk(manifest.sidebars.docs);
      return out;
    });
    const at = order.indexOf('/introduction');
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' });
    expect(await pager.locator('.pagination-prev').getAttribute('href')).toBe(order[at - 1]);
    expect(await pager.locator('.pagination-next').getAttribute('href')).toBe(order[at + 1]);
    expect(await pager.locator('.pagination-prev').innerText()).toContain('Fixture home');
    const time = page.locator('.last-updated time');
    expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.locator('.last-updated').innerText()).toMatch(/^Last updated on \d{1,2} [A-Z][a-z]+ \d{4}$/);
    // The prerendered footer: each label one text, not divided by React's empty comments.
    const served = await (await fetch(`${site.base}/introduction`)).text();
    const footer = served.slice(served.indexOf('<footer class="doc-footer">'), served.indexOf('</footer>'));
    expect(footer).toContain('<p class="last-updated">Last updated on <time');
    expect(footer).toContain('<span class="pagination-label">« Fixture home</span>');
    expect(footer).not.toContain('<!--');
    await pager.locator('.pagination-next').click();
    await page.waitForURL(`${site.base}${order[at + 1]}`);
    await expect.poll(() => pager.locator('.pagination-prev').getAttribute('href')).toBe('/introduction');
    await context.close();
  });

  it('a link in the content to a page navigates in the app; one to a file of the site loads the file', async () => {
    const { page, context, errors } = await site.open('/introduction');
    // Links as a page's Markdown makes them, in the content the click handler watches (the app renders it again on
    // each visit; not when the visit before had not rendered yet under load: the links of last time are replaced).
    const addLinks = () =>
      page.locator('.markdown').evaluate((content) => {
        content.querySelector('#added-links')?.remove();
        content.insertAdjacentHTML(
          'beforeend',
          '<p id="added-links"><a id="to-page" href="/services/pix/payin#testing">PIX</a> <a id="to-twin" ' +
            'href="/introduction.md">twin</a> <a id="to-file" href="/img/favicon.svg">icon</a></p>',
        );
        (window as unknown as { stayed: boolean }).stayed = true;
      });
    const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
    await addLinks();
    await page.locator('#to-page').click();
    await page.waitForURL(`${site.base}/services/pix/payin#testing`);
    expect(await stayed()).toBe(true);
    // (Left the app below, Chromium asks for /favicon.ico, which the site does not have.)
    expect(errors).toEqual([]);

    await page.goBack();
    await page.waitForURL(`${site.base}/introduction`);
    await addLinks();
    await page.locator('#to-twin').click();
    await page.waitForURL(`${site.base}/introduction.md`);
    // The browser loaded the twin itself: not the app's "Page Not Found" for an address it has no page for.
    await expect.poll(() => page.evaluate(() => document.body.innerText)).toContain('# Introduction');
    expect(await stayed()).toBe(false);

    await page.goBack();
    await page.waitForURL(`${site.base}/introduction`);
    await addLinks();
    await page.locator('#to-file').click();
    await page.waitForURL(`${site.base}/img/favicon.svg`);
    expect(await page.evaluate(() => document.documentElement.localName)).toBe('svg');
    await context.close();
  });

  it('a chosen code tab is remembered and applied on every page with the same tab group', async () => {
    const { page, context } = await site.open('/introduction');
    await page.getByRole('tab', { name: 'JavaScript' }).click();
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.tabs('lang'))).toBe('JavaScript');
    expect(await page.getByRole('tabpanel').filter({ hasText: 'console.log' }).isVisible()).toBe(true);
    await page.locator('.pagination-next').click(); // client navigation to the API page
    await page.waitForURL(`${site.base}/api/v2/transaction/create`);
    const samples = page.locator('.tabs[data-group="lang"]');
    await expect.poll(() => samples.locator('[role="tab"][aria-selected="true"]').textContent()).toBe('JavaScript');
    await samples.getByRole('tab', { name: 'Python' }).click();
    await page.goto(`${site.base}/introduction`); // a full load reads the stored choice too
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => page.locator('.tabs [role="tab"][aria-selected="true"]').textContent()).toBe('Python');
    await context.close();
  });

  it('copy buttons copy the code and confirm it', async () => {
    const { page, context } = await site.open('/introduction', { permissions: ['clipboard-read', 'clipboard-write'] });
    const block = page.locator('.code-block').first();
    await block.hover();
    const button = block.getByRole('button', { name: TEXT.copyLabel });
    await button.click();
    await expect.poll(() => block.locator('.copy-button').textContent()).toBe(TEXT.copied);
    expect(await block.locator('.copy-button').getAttribute('aria-label')).toBe(TEXT.copiedLabel);
    expect(await block.getByRole('status').textContent()).toBe(TEXT.copiedLabel);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('print("hello")');
    await context.close();
  });
});
