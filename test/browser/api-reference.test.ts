/**
 * An API operation page as a two-pane reference (issue 56), in real Chromium at 1440 and 400 px,
 * on an operation with nested members, more than 15 fields, and success, requires-action and
 * error examples (PAY, added to the fixture site): the pane beside the fields stays in view and
 * follows the reading; one column below 1200 px in the order of the task; a member's anchor opens
 * its parents; the filter narrows; copy-link copies the field's URL; the child lists open and close
 * from the keyboard; no serious axe violation; screenshots in light and dark at both widths.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, screenshotDir, startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';
import { STORAGE_KEYS } from '../../reader/lib/constants.ts';

const PAY = `---
kind: api-operation
title: Pay a transaction
description: Send the card of a host-to-host payin and get its result or the 3-D Secure step.
keywords: [transaction/pay, card]
api:
  method: POST
  path: /v2/transaction/pay
  version: v2
  idempotent: true
  request:
    - { name: transaction_id, type: string, required: true, description: The payin from transaction/create.,
          example: tr_01HV6ZK3N4C8W9 }
    - name: card
      type: object
      required: true
      description: The card as the customer entered it.
      fields:
        - { name: number, type: string, format: card-number, required: true, description: "Card number, digits only.",
              constraints: { pattern: "^[0-9]{12,19}$" }, example: "4111111111111111" }
        - { name: expiry, type: string, format: card-expiry, required: true, description: "Expiry as printed, MM/YY.",
              example: "12/28" }
        - { name: cvv, type: string, required: true, description: Never store it.,
              constraints: { min_length: 3, max_length: 4 }, example: "123" }
        - { name: holder_name, type: string, required: false, description: Cardholder name as embossed.,
              constraints: { max_length: 64 } }
        - name: billing
          type: object
          required: false
          description: The card's billing address, for address verification.
          fields:
            - { name: line1, type: string, required: true, description: Street and house number.,
                  example: "1200 Market Street" }
            - { name: city, type: string, required: true, description: City or town of the billing address.,
                  example: "San Francisco" }
            - { name: postal_code, type: string, required: true, description: Postal or ZIP code., example: "94103" }
            - { name: country, type: string, format: country, required: true, description: ISO 3166-1 alpha-2.,
                  example: US }
    - name: initiator
      type: string
      required: false
      description: Who starts the payment.
      enum:
        - { value: customer, description: The customer is present and confirms the payment. }
        - { value: merchant, description: "A subscription charged without the customer." }
      default: customer
    - name: browser
      type: object
      required: false
      description: The customer's browser, for 3-D Secure 2.
      fields:
        - { name: ip, type: string, format: ip, required: true, description: IP address of the device.,
              example: "203.0.113.24" }
        - { name: accept_header, type: string, required: true, description: The HTTP Accept header.,
              example: "text/html" }
        - { name: user_agent, type: string, required: true, description: The User-Agent header.,
              example: "Mozilla/5.0" }
        - { name: language, type: string, required: true, description: The browser language., example: en-US }
        - { name: color_depth, type: integer, required: false, description: Screen colour depth in bits.,
              constraints: { minimum: 1, maximum: 48 } }
        - { name: screen_height, type: integer, required: false, description: Screen height in pixels. }
        - { name: screen_width, type: integer, required: false, description: Screen width in pixels. }
        - { name: time_zone_offset, type: integer, required: false,
              description: "Minutes from UTC, as JavaScript gives them." }
    - { name: return_url, type: string, format: url, required: true,
          description: Where the customer returns after 3-D Secure., example: "https://shop.example.com/return" }
  response:
    - { name: transaction_id, type: string, required: true, description: Gateway id of the transaction.,
          example: tr_01HV6ZK3N4C8W9 }
    - name: status
      type: string
      format: status
      required: true
      description: The result of the payment.
      enum:
        - { value: success, description: Paid. }
        - { value: requires_action, description: "3-D Secure: open next_action.url." }
        - { value: failed, description: Declined. }
      example: success
    - name: next_action
      type: object
      required: false
      description: With requires_action, what the customer does next.
      fields:
        - { name: type, type: string, required: true, description: Always redirect here., example: redirect }
        - { name: url, type: string, format: url, required: true, description: The 3-D Secure page.,
              example: "https://acs.example.com/3ds" }
    - name: card
      type: object
      required: true
      description: What the gateway keeps of the card.
      fields:
        - { name: last4, type: string, required: true, description: The last four digits., example: "1111" }
        - { name: brand, type: string, required: true, description: The card scheme., example: visa }
    - name: fees
      type: array
      required: false
      description: The fees taken from the amount.
      fields:
        - { name: type, type: string, required: true, description: What the fee is for., example: processing }
        - { name: amount, type: string, format: amount, required: true, description: The fee., example: "0.30" }
    - { name: created_at, type: string, format: date-time, required: true,
          description: When the gateway stored the transaction., example: "2025-03-14T09:26:53Z" }
  errors: [invalid_signature, validation_error, transaction_not_found, invalid_status_transition, card_not_supported,
      provider_timeout]
  examples:
    - status: 200
      title: Paid
      response: { success: true, data: { transaction_id: tr_01HV6ZK3N4C8W9, status: success,
          card: { last4: "1111", brand: visa }, created_at: "2025-03-14T09:26:53Z" } }
    - status: 200
      title: 3-D Secure
      response: { success: true, data: { transaction_id: tr_01HV6ZK3N4C8W9, status: requires_action,
          next_action: { type: redirect, url: "https://acs.example.com/3ds" }, card: { last4: "1111", brand: visa },
          created_at: "2025-03-14T09:26:53Z" } }
    - status: 422
      title: Card scheme not accepted
      request: { card: { number: "6011111111111117", expiry: "12/28", cvv: "123" } }
      response: { success: false, error: { code: card_not_supported,
          message: "Discover cards are not accepted by this service" } }
    - status: 404
      title: Unknown transaction
      response: { success: false, error: { code: transaction_not_found, message: "no transaction tr_01HV6ZK3N4C8W9" } }
---
Send the card of a host-to-host payin. See the [billing city](#request-card-billing-city) for address checks.

## Testing

Use the test cards. The sandbox never moves money.

## Retries

Repeat with the same Idempotency-Key.
`;

const ROUTE = '/api/v2/transaction/pay';
let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite({ 'content/api/v2/transaction/pay.md': PAY });
});
afterAll(async () => {
  await site?.close();
});

const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
/** Scrolls so that `selector`'s top is `y` px below the window's top. */
async function scrollTo(page: Page, selector: string, y: number) {
  await page.evaluate(
    ([s, at]) => {
      const el = document.querySelector(s as string)!;
      window.scrollTo(0, el.getBoundingClientRect().top + scrollY - (at as number));
    },
    [selector, y],
  );
  await frames(page);
}
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
/** The outcome of the response tab shown. */
const shownOutcome = (page: Page) =>
  page
    .locator('.api-pane-response [role="tabpanel"]:not([hidden]) .tab-panel')
    .evaluate((p) => (p as HTMLElement).dataset.outcome);

describe('two panes from 1200 px', () => {
  it('the request pane stays by the request fields; the response pane follows response fields and errors', async () => {
    const { page, context, errors } = await site.open(ROUTE, { width: 1440, height: 900 });
    const fields = await box(page, '.api-ref-request ul.api-fields');
    const pane = await box(page, '.api-pane-request');
    expect(pane.left).toBeGreaterThan(fields.right); // beside, not below
    // Reading the request fields with their members open, far down the list: the request sample is still in view.
    await page
      .locator('.api-ref-request details > summary')
      .evaluateAll((els) => els.forEach((e) => (e as HTMLElement).click()));
    await scrollTo(page, '#request-browser', 200);
    const stuck = await box(page, '.api-pane-request');
    expect(stuck.top).toBeGreaterThanOrEqual(0);
    expect(stuck.bottom).toBeLessThanOrEqual(900);
    expect(await page.locator('.api-pane-request').isVisible()).toBe(true);
    // At the response fields the response pane takes its place, showing the success response.
    await scrollTo(page, '#response-fields', 150);
    const response = await box(page, '.api-pane-response');
    expect(response.top).toBeGreaterThanOrEqual(0);
    expect(response.bottom).toBeLessThanOrEqual(900);
    expect((await box(page, '.api-pane-request')).bottom).toBeLessThanOrEqual(response.top);
    await expect.poll(() => shownOutcome(page)).toBe('success');
    // At the errors, an error response.
    await scrollTo(page, '#errors', 150);
    await expect.poll(() => shownOutcome(page)).toBe('error');
    expect((await box(page, '.api-pane-response')).top).toBeGreaterThanOrEqual(0);
    // Back at the response fields, the success response again.
    await scrollTo(page, '#response-fields', 150);
    await expect.poll(() => shownOutcome(page)).toBe('success');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('one column below 1200 px', () => {
  for (const width of [400, 1199]) {
    it(`at ${width} px: summary, endpoint, sample, auth, request fields, responses, response fields…`, async () => {
      const { page, context } = await site.open(ROUTE, { width });
      const order = [
        '#page-content > p',
        '.api-endpoint',
        '.api-pane-request',
        '#authentication',
        '#request-parameters',
        '.api-pane-response',
        '#response-fields',
        '#errors',
        '#testing',
      ];
      const boxes = [];
      for (const s of order) boxes.push({ s, ...(await box(page, s)) });
      for (let i = 1; i < boxes.length; i++)
        expect(boxes[i].top, `${boxes[i].s} after ${boxes[i - 1].s}`).toBeGreaterThan(boxes[i - 1].top);
      // One column: the panes start where the fields do.
      expect((await box(page, '.api-pane-request')).left).toBe((await box(page, '.api-endpoint')).left);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    });
  }
});

describe('fields', () => {
  const opened = (page: Page, id: string) =>
    page.locator(`#${id}`).evaluate((el) => {
      const closed: string[] = [];
      for (let d = el.parentElement?.closest('details'); d; d = d.parentElement?.closest('details'))
        if (!d.open) closed.push(d.parentElement!.id);
      const r = el.getBoundingClientRect();
      return { closed, inView: r.top >= 0 && r.top < innerHeight && r.height > 0 };
    });

  it("a member's anchor opens its parents, scrolls to it: on load, by in-page link, by client navigation", async () => {
    const direct = await site.open(`${ROUTE}#request-card-billing-city`);
    await expect.poll(() => opened(direct.page, 'request-card-billing-city')).toEqual({ closed: [], inView: true });
    await direct.context.close();

    const { page, context, errors } = await site.open(ROUTE);
    expect((await opened(page, 'request-card-billing-city')).closed).toEqual(['request-card-billing', 'request-card']);
    await page.locator('#page-content > p a[href="#request-card-billing-city"]').click();
    await expect.poll(() => opened(page, 'request-card-billing-city')).toEqual({ closed: [], inView: true });

    await page.goto(`${site.base}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `${ROUTE}#request-browser-time_zone_offset`);
    await expect.poll(() => opened(page, 'request-browser-time_zone_offset')).toEqual({ closed: [], inView: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the filter narrows a list to the matching fields and their parents, counts them, and clears', async () => {
    const { page, context } = await site.open(ROUTE);
    const filter = page.getByRole('searchbox', { name: 'Filter request parameters' });
    const list = page.locator('.api-ref-request ul.api-fields').first();
    const visibleIds = () =>
      list.locator('li.api-field').evaluateAll((els) => els.filter((e) => e.checkVisibility()).map((e) => e.id));
    const all = await list.locator('li.api-field').count();
    expect(all).toBe(22);
    // A field that matches shows with its parents, whose lists open down to it, and with its members.
    await filter.fill('billing address');
    await expect.poll(visibleIds).toEqual([
      'request-card',
      'request-card-billing', // matches, so its members show with it
      'request-card-billing-line1',
      'request-card-billing-city', // matches too
      'request-card-billing-postal_code',
      'request-card-billing-country',
    ]);
    expect(await page.locator('.api-ref-request .api-filter-count').textContent()).toBe(`2 of ${all} fields`);
    await filter.fill('postal');
    await expect.poll(visibleIds).toEqual(['request-card', 'request-card-billing', 'request-card-billing-postal_code']);
    expect(await page.locator('.api-ref-request .api-filter-count').textContent()).toBe(`1 of ${all} fields`);
    await filter.press('Escape');
    await expect.poll(async () => (await visibleIds()).length).toBe(5); // the top-level fields, members closed again
    expect(await page.locator('.api-ref-request .api-filter-count').textContent()).toBe('');
    await context.close();
  });

  it("copy-link copies the field's URL and shows it in the address bar", async () => {
    const { page, context } = await site.open(ROUTE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('#request-card > .api-field-head').hover();
    const link = page.getByRole('link', { name: 'Copy link to request parameter card', exact: true });
    await link.click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${site.base}${ROUTE}#request-card`);
    expect(await page.evaluate(() => location.hash)).toBe('#request-card');
    expect(await page.locator('.api-link-status').textContent()).toBe('Link copied: request parameter card');
    await context.close();
  });

  it('child fields open and close from the keyboard, and say which they will do', async () => {
    const { page, context } = await site.open(ROUTE);
    const toggle = page.locator('#request-card > details > summary');
    await page.getByRole('link', { name: 'Copy link to request parameter card', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.innerText()).toBe('Show child fields');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#request-card-number').isVisible()).toBe(true);
    expect(await toggle.innerText()).toBe('Hide child fields');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('#request-card-number').isVisible()).toBe(false);
    expect(await toggle.innerText()).toBe('Show child fields');
    await context.close();
  });
});

describe('accessibility and screenshots', () => {
  for (const mode of ['light', 'dark'] as const)
    for (const width of [1440, 400])
      it(`no serious or critical axe violation, child lists open, ${mode} at ${width} px; screenshot`, async () => {
        const { page, context } = await site.open(ROUTE, {
          width,
          init: `localStorage.setItem('${STORAGE_KEYS.colorMode}', '${mode}');`,
        });
        await page.locator('#request-card > details > summary').click();
        const result = await axe(page)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        const serious = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
        await scrollTo(page, '.api-ref', 80);
        await page.screenshot({ path: path.join(screenshotDir, `api-reference-${width}-${mode}.png`) });
        await context.close();
      });
});
