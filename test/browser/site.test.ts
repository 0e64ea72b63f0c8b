/**
 * The built fixture site (the run's shared build, test/shared/) in real Chromium (Debian's package
 * through playwright-core), served by `paydocs serve`'s handler on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type http from 'node:http';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { startStaticServer } from '../../pipeline/server/static.ts';
import { builtFixture, projectRoot, launchChromium } from '../helpers.ts';

let server: http.Server;
let browser: Browser;
let base: string;
const shots = path.join(projectRoot, 'test-output/screenshots');

beforeAll(async () => {
  server = await startStaticServer((await builtFixture()).dist, { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchChromium();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  server?.close();
});

async function open(url: string, width = 1440): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(base + url);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, errors };
}

describe('the reader in Chromium', () => {
  it('renders the home page with the Russian tagline, without errors or CSP violations', async () => {
    const { page, errors } = await open('/');
    await expect(page.locator('h1').textContent()).resolves.toBe('Fixture home');
    await expect(page.locator('.tagline').textContent()).resolves.toContain('Документация платёжного шлюза');
    await expect(page.locator('footer.footer').textContent()).resolves.toContain('2025');
    await page.screenshot({ path: path.join(shots, 'home-1440-light.png'), fullPage: false });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('navigates client-side from a sidebar click, without a full reload', async () => {
    const { page } = await open('/');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await page.locator('.sidebar a[href="/introduction"]').click();
    await page.waitForURL(`${base}/introduction`);
    // The address changes on the click; the page follows once its JSON is loaded (read once, this raced it).
    await expect.poll(() => page.locator('h1').textContent()).toBe('Introduction');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await expect.poll(() => page.title()).toBe('Introduction | Paydocs');
    await page.context().close();
  });

  it('a deep link shows prerendered content before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/api/v2/transaction/create`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Create a transaction');
    await expect(page.locator('.api-endpoint').textContent()).resolves.toContain('/v2/transaction/create');
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${base}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect(page.locator('h1').textContent()).resolves.toBe('Page Not Found');
    await context.close();
  });

  it('toggles dark mode and keeps the choice across reloads (no flash: set before paint)', async () => {
    const { page } = await open('/introduction');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.locator('.color-mode-toggle').first().click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.screenshot({ path: path.join(shots, 'introduction-1440-dark.png') });
    await page.context().close();
  });

  it('remembers the chosen code tab', async () => {
    const { page } = await open('/introduction');
    await page.locator('.tabs [role="tab"]', { hasText: 'JavaScript' }).click();
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect(page.locator('.tabs [role="tab"][aria-selected="true"]').textContent()).resolves.toBe('JavaScript');
    await page.context().close();
  });

  it('opens the sidebar drawer below 996 px, with "Back to main menu"', async () => {
    const { page } = await open('/introduction', 375);
    await page.locator('.menu-button').click();
    await expect(page.locator('.mobile-drawer').isVisible()).resolves.toBe(true);
    await expect(page.locator('.drawer-back').first().textContent()).resolves.toContain('Back to main menu');
    await page.screenshot({ path: path.join(shots, 'drawer-375-light.png') });
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.waitForSelector('.mobile-drawer', { state: 'detached' });
    await page.context().close();
  });
});
