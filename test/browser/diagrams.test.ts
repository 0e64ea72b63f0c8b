/**
 * Flow diagrams in real Chromium: a guide shows the light SVG in light mode and the dark
 * one in dark mode (the site's toggle, not the system) and the light one on paper; the
 * hidden one is never fetched, the SVGs carry their title and text alternative; a
 * payment-method page shows its own flow as text between lanes (pipeline/kinds/payment-method/
 * flow-figure.ts), readable at 400 px, and its caption's link lands on the shared figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startReaderSite, screenshotDir, type ReaderSite } from '../reader/browser-harness.ts';
import { fixtureRoot } from '../helpers.ts';
import { STORAGE_KEYS } from '../../reader/lib/constants.ts';

const fixture = (file: string) => readFileSync(path.join(fixtureRoot, 'content', file), 'utf8');
const LIST = `- id: pix-qr
  title: "PIX: pay by QR code"
  description: Your server creates the transaction, shows the QR code, and the gateway sends a callback when
    the customer has paid.
  source: pix-qr.d2
  guide: /introduction
  applies_to:
    - { service: pix_payin_brl }
- id: transaction-statuses
  title: Transaction statuses
  generated: transaction_statuses
  guide: /reference/transaction_statuses
  applies_to:
    - {}
`;
const SOURCE = `shape: sequence_diagram
merchant: Your server
gateway: Gateway
merchant -> gateway: "POST transaction/create"
gateway -> merchant: "200 · next_action qr_code" {style.stroke-dash: 3}
gateway -> merchant: "Callback: status success"
`;

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite({
    'content/diagrams/diagrams.yaml': LIST,
    'content/diagrams/pix-qr.d2': SOURCE,
    'content/introduction.md': `${fixture('introduction.md')}\n\n## The flow\n\n::diagram[pix-qr]\n`,
    'content/reference/transaction_statuses.md':
      `${fixture('reference/transaction_statuses.md')}\n\n` + '::diagram[transaction-statuses]\n',
  });
});
afterAll(async () => {
  await site?.close();
});

/** The figure's images: which is shown, and whether it has loaded. */
const images = (page: Page, id: string) =>
  page.locator(`figure#diagram-${id} img`).evaluateAll((imgs) =>
    imgs.map((img) => {
      const i = img as HTMLImageElement;
      return {
        src: i.getAttribute('src'),
        alt: i.alt,
        shown: getComputedStyle(i).display !== 'none',
        loaded: i.complete && i.naturalWidth > 0,
      };
    }),
  );

describe('flow diagrams', () => {
  it('shows the light SVG in light mode and only fetches it', async () => {
    const { page, context, errors } = await site.open('/introduction', {
      colorScheme: 'dark',
      init: `localStorage.setItem('${STORAGE_KEYS.colorMode}', 'light');`,
    });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/diagrams/')) fetched.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    const figure = page.locator('figure#diagram-pix-qr');
    await figure.scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('figure#diagram-pix-qr img')].some(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    const [light, dark] = await images(page, 'pix-qr');
    expect(light).toMatchObject({ shown: true, loaded: true, alt: expect.stringContaining('shows the QR code') });
    expect(light.src).toMatch(/^\/assets\/diagrams\/pix-qr\.[0-9a-f]{12}\.svg$/);
    expect(dark).toMatchObject({ shown: false, loaded: false });
    expect(fetched).toEqual([light.src]);
    expect(await figure.locator('figcaption').innerText()).toBe('PIX: pay by QR code');
    await figure.screenshot({ path: path.join(screenshotDir, 'diagram-light.png') });

    // The SVG itself: an image, with its title and text alternative.
    const response = await page.request.get(site.base + light.src!);
    expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    const svg = await response.text();
    expect(svg).toMatch(
      new RegExp(
        /^<svg [^>]*role="img"[^>]*><title id="diagram-title">PIX: pay /.source +
          /by QR code<\/title><desc id="diagram-desc">Your server creates/.source,
      ),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows the site's toggle to the dark SVG", async () => {
    const { page, context, errors } = await site.open('/introduction', { colorScheme: 'light' });
    await page
      .getByRole('button', { name: /Switch between dark and light mode/ })
      .first()
      .click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const figure = page.locator('figure#diagram-pix-qr');
    await figure.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('figure#diagram-pix-qr img.diagram-dark')?.naturalWidth ?? 0) > 0,
    );
    const [light, dark] = await images(page, 'pix-qr');
    expect(light.shown).toBe(false);
    expect(dark).toMatchObject({ shown: true, loaded: true });
    expect(dark.src).toMatch(/^\/assets\/diagrams\/pix-qr\.dark\.[0-9a-f]{12}\.svg$/);
    await figure.screenshot({ path: path.join(screenshotDir, 'diagram-dark.png') });
    // On paper the light SVG prints, as the rest of the page does (reader/styles/print.css).
    await page.emulateMedia({ media: 'print' });
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>('figure#diagram-pix-qr img.diagram-light')?.naturalWidth ?? 0) > 0,
    );
    expect((await images(page, 'pix-qr')).map((i) => i.shown)).toEqual([true, false]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a payment-method page's own flow, readable at 400 px, with no overflow", async () => {
    for (const [width, theme] of [
      [1440, 'light'],
      [400, 'dark'],
    ] as const) {
      const { page, context, errors } = await site.open('/services/pix/payin', {
        width,
        init: `localStorage.setItem('${STORAGE_KEYS.colorMode}', '${theme}');`,
      });
      const flow = page.locator('figure.method-sequence');
      await flow.scrollIntoViewIfNeeded();
      expect(await flow.locator('.seq-name').allInnerTexts()).toEqual(['Customer', 'Your server', 'Gateway', 'PIX']);
      const steps = flow.getByRole('listitem');
      expect(await steps.count()).toBeGreaterThan(6);
      expect(await steps.nth(1).innerText()).toContain('service: pix_payin_brl');
      // Each arrow runs between the centres of its two lanes; nothing sticks out of the figure.
      const fit = await flow.evaluate((figure) => {
        const box = figure.getBoundingClientRect();
        const lanes = [...figure.querySelectorAll('.seq-lane')].map((l) => {
          const r = l.getBoundingClientRect();
          return r.left + r.width / 2;
        });
        const arrow = figure.querySelectorAll('.seq-arrow')[1].getBoundingClientRect();
        const inside = [...figure.querySelectorAll('.seq-text, .seq-lane')].every((e) => {
          const r = e.getBoundingClientRect();
          return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
        });
        return {
          from: arrow.left - lanes[1],
          to: arrow.right - lanes[2],
          inside,
          scroll: figure.scrollWidth - figure.clientWidth,
        };
      });
      expect(Math.abs(fit.from)).toBeLessThan(3);
      expect(Math.abs(fit.to)).toBeLessThan(3);
      expect(fit).toMatchObject({ inside: true, scroll: 0 });
      await flow.screenshot({ path: path.join(screenshotDir, `method-flow-${width}-${theme}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("links a payment-method page's flow to the diagrams of its pattern, onto the figure", async () => {
    const { page, context, errors } = await site.open('/services/pix/payin');
    const flows = page.locator('figure.method-sequence figcaption');
    expect(await flows.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/introduction#diagram-pix-qr',
      '/reference/transaction_statuses#diagram-transaction-statuses',
    ]);
    await flows.getByRole('link', { name: 'Transaction statuses' }).click();
    await page.waitForURL(/\/reference\/transaction_statuses#diagram-transaction-statuses$/);
    const figure = page.locator('figure#diagram-transaction-statuses');
    await figure.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>('figure#diagram-transaction-statuses img.diagram-light')
          ?.naturalWidth ?? 0) > 0,
    );
    expect(await figure.locator('img.diagram-light').getAttribute('alt')).toMatch(/^A transaction starts as /);
    expect(errors).toEqual([]);
    await context.close();
  });
});
