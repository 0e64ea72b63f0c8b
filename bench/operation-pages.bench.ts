/**
 * The real site's API operation pages (issue 56's budgets, beside bench/lighthouse.bench.ts):
 * for a v2, a v1 and a reports operation, in Debian's Chromium,
 * - layout shift at 1440 and 400 px while the HTML arrives and hydrates (the holding proxy of
 *   test/browser/layout-shift.test.ts, which checks the fixture site's page; target 0);
 * - axe's serious and critical violations, light and dark, at 1440 and 400 px, every child list
 *   open (target 0);
 * - screenshots, light and dark at both widths, into test-output/screenshots/real-*.png: the
 *   reference's start, and at 1440 px the request fields read far down (the sticky pane) and the
 *   response fields.
 * Prints figures; asserts nothing. Run: npx tsx bench/operation-pages.bench.ts [--dist dir]
 * (`--dist` measures a dist already built; without it the real site is built into a temp folder).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { build } from '../pipeline/build.ts';
import { startStaticServer } from '../pipeline/server/static.ts';
import { STORAGE_KEYS } from '../reader/lib/constants.ts';
import { launchChromium, projectRoot } from '../test/helpers.ts';
import { layoutShifts, startHoldingProxy } from '../test/reader/layout-shifts.ts';

const PAGES = ['/api/v2/transaction/create', '/api/v1/transaction/create', '/api/reports/v2/create'];
const WIDTHS = [1440, 400];
const MODES = ['light', 'dark'] as const;
const shots = path.join(projectRoot, 'test-output/screenshots');

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

let root: string | undefined;
let dist = arg('--dist');
if (!dist) {
  root = mkdtempSync(path.join(tmpdir(), 'paydocs-operation-pages-'));
  cpSync(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true });
  await build({ root, cacheDir: false, log: () => {} });
  dist = path.join(root, 'dist');
}
const server = await startStaticServer(path.resolve(dist), { port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const proxy = await startHoldingProxy(base);
const browser = await launchChromium();
mkdirSync(shots, { recursive: true });

const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
/** Scrolls so that `selector`'s top is `y` px below the window's top. */
async function scrollTo(page: Page, selector: string, y: number) {
  await page.evaluate(
    ([s, at]) => {
      const el = document.querySelector(s as string);
      if (el) window.scrollTo(0, el.getBoundingClientRect().top + scrollY - (at as number));
    },
    [selector, y],
  );
  await frames(page);
}

async function open(url: string, width: number, mode: (typeof MODES)[number]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(`localStorage.setItem('${STORAGE_KEYS.colorMode}', '${mode}');`);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(base + url);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, context, errors };
}

console.log(`${await browser.version()}, ${dist === arg('--dist') ? dist : 'real site built'}`);
try {
  for (const url of PAGES) {
    console.log(`\n${url}`);
    for (const width of WIDTHS) {
      const found = await layoutShifts(browser, proxy, url, width);
      const sum = found.reduce((s, e) => s + e.value, 0);
      console.log(`  layout shift at ${width} px: ${sum.toFixed(4)} (${found.length} entries)`);
      for (const e of found) console.log(`    ${e.value.toFixed(4)} ${e.sources.join('; ')}`);
    }
    const slug = url.slice(1).replaceAll('/', '-');
    for (const width of WIDTHS)
      for (const mode of MODES) {
        const { page, context, errors } = await open(url, width, mode);
        await page.locator('details.api-children').evaluateAll((els) => {
          for (const d of els) (d as HTMLDetailsElement).open = true;
        });
        const result = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const other = result.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
        const minor = other.length ? ` (${other.map((v) => v.id).join(', ')})` : '';
        const counts = `${serious.length} serious/critical, ${other.length} moderate/minor${minor}`;
        console.log(`  axe ${mode} at ${width} px: ${counts}`);
        for (const v of serious)
          console.log(`    ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        // Child lists closed again, as a reader first sees them.
        await page.locator('details.api-children').evaluateAll((els) => {
          for (const d of els) (d as HTMLDetailsElement).open = false;
        });
        const shot = (part: string) =>
          page.screenshot({ path: path.join(shots, `real-${slug}-${width}-${mode}${part}.png`) });
        await scrollTo(page, '.api-ref', 80);
        await shot('');
        if (width >= 1200) {
          // Far down the request fields with the first child list open: the request pane stays beside them.
          const toggle = page.locator('.api-ref-request details.api-children > summary');
          if (await toggle.count()) await toggle.first().click();
          const fields = page.locator('.api-ref-request ul.api-fields > li.api-field');
          const n = await fields.count();
          await fields
            .nth(Math.max(0, n - 3))
            .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 300));
          await frames(page);
          await shot('-request');
          await scrollTo(page, '.api-ref-response .api-ref-main > h2', 150);
          await shot('-response');
        }
        if (errors.length) console.log(`    page errors: ${errors.join(' | ')}`);
        await context.close();
      }
  }
  console.log(`\nScreenshots: ${path.relative(projectRoot, shots)}/real-*.png`);
} finally {
  await browser.close();
  proxy.close();
  server.close();
  if (root) rmSync(root, { recursive: true, force: true });
}
