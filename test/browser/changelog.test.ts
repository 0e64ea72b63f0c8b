/**
 * API changes in the reader (issue 53), in real Chromium on the fixture site with two releases:
 * an operation's lifecycle badges are text linked to their release on /changelog; the
 * changelog's filter (API, breaking or not) shows only the releases that match and says how
 * many; the page links its Atom feed; no serious axe violation on either page, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, startReaderSite, type ReaderSite } from '../reader/browser-harness.ts';

const RELEASES = `- id: "2025-02"
  date: "2025-02-10"
  title: Amounts as strings in both APIs
  summary: "Send amount as a decimal string in API v1 and v2 transaction/create."
  apis: [v1, v2]
  changes:
    - { api: v2, operation: /api/v2/transaction/create, field: request.amount, change: changed, breaking: true,
          description: "A number is refused: send a string." }
- id: "2024-05"
  date: "2024-05-14"
  title: Status lookups in API v2
  summary: "API v2 adds transaction/status."
  apis: [v2]
  changes:
    - { api: v2, operation: /api/v2/transaction/status, change: added, description: "New call." }
`;

const STATUS = `---
kind: api-operation
title: Get a transaction's status
description: Read the status of a transaction by its id, for reconciliation and lost callbacks.
keywords: [transaction/status]
api:
  method: POST
  path: /v2/transaction/status
  version: v2
  since: "2024-05"
  request:
    - { name: transaction_id, type: string, required: true, description: The transaction to read.,
          example: tr_01HV6ZK3N4C8W9 }
  response:
    - { name: transaction_id, type: string, required: true, description: The transaction., example: tr_01HV6ZK3N4C8W9 }
    - name: status
      type: string
      required: true
      description: Where the transaction stands.
      example: success
      since: "2024-05"
  examples:
    - status: 200
      title: Success
      response: { success: true, data: { transaction_id: tr_01HV6ZK3N4C8W9, status: success } }
---

Read a transaction's status when a callback did not arrive.
`;

const CHANGELOG = `---
title: Changelog
description: Dated changes to the APIs, newest first, with what each one means for your integration.
keywords: [changelog]
---

The releases of the fixture's APIs.

::changelog
`;

let site: ReaderSite;
beforeAll(async () => {
  site = await startReaderSite({
    'content/data/releases.yaml': RELEASES,
    'content/api/v2/transaction/status.md': STATUS,
    'content/changelog.md': CHANGELOG,
  });
});
afterAll(async () => {
  await site?.close();
});

async function axeSerious(page: import('playwright-core').Page) {
  const result = await axe(page).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('lifecycle badges', () => {
  it('are text, linked to their release on /changelog, on the operation and its field', async () => {
    const { page, context, errors } = await site.open('/api/v2/transaction/status');
    const badges = page.locator('a.badge-lifecycle');
    expect(await badges.count()).toBeGreaterThanOrEqual(2);
    expect((await badges.first().textContent())?.trim()).toBe('New in 2024-05');
    const href = await badges.first().getAttribute('href');
    expect(href).toMatch(/^\/changelog#/);
    await badges.first().click();
    await page.waitForURL(/\/changelog#/);
    const target = decodeURIComponent(new URL(page.url()).hash.slice(1));
    expect(await page.locator(`[id="${target}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the changelog', () => {
  it('filters releases by API and by breaking changes, and says how many it shows', async () => {
    const { page, context, errors } = await site.open('/changelog');
    // 2025-02 (v1 and v2, breaking) and 2024-05 (v2, not breaking).
    const releases = page.locator('section.release');
    expect(await releases.count()).toBe(2);
    const visible = async () =>
      (await releases.evaluateAll((s) => s.filter((e) => !(e as HTMLElement).hidden).length)) as number;
    await page.getByLabel('API', { exact: true }).selectOption('v1');
    expect(await visible()).toBe(1);
    await expect.poll(() => page.locator('.changelog-count').textContent()).toBe('1 of 2 releases');
    await page.getByLabel('API', { exact: true }).selectOption('');
    await page.getByLabel('Changes', { exact: true }).selectOption('non-breaking');
    expect(await visible()).toBe(1);
    expect(await page.locator('section.release:not([hidden])').textContent()).toContain('Status lookups in API v2');
    await page.getByLabel('Changes', { exact: true }).selectOption('');
    expect(await visible()).toBe(2);
    expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).toBe(
      '/changelog.xml',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violation, light and dark, nor has an operation page with badges', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const route of ['/changelog', '/api/v2/transaction/status']) {
        const { page, context } = await site.open(route, { colorScheme });
        expect(await axeSerious(page), `${route} ${colorScheme}`).toEqual([]);
        await context.close();
      }
    }
  });
});
