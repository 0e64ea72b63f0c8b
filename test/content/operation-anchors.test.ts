/**
 * No anchor of an API operation page is lost: every id the page content had before the two-pane
 * reference (issue 56; recorded from a build of that code by record-operation-anchors.ts into
 * operation-anchors.json) is still an id of the page's content as the reader renders it now. Left
 * out: the ids the reader numbers its tab groups with (`tabs:N-tab-M`, `tabs:N-panel-M`), which tie
 * a tab to its panel and move whenever a group is added above; nobody links to them.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { contentHtml } from '../../reader/page/content-html.ts';
import { buildProjectSite, projectRoot } from '../helpers.ts';

const recorded = JSON.parse(
  readFileSync(path.join(projectRoot, 'test/content/operation-anchors.json'), 'utf8'),
) as Record<string, string[]>;
const built = await buildProjectSite();
const isTabId = (id: string) => /^tabs:\d+-(tab|panel)-\d+$/.test(id);

describe('anchors of the API operation pages', () => {
  it('every page recorded is still an operation page', () => {
    const now = built.pages.filter((p) => p.kind === 'api-operation').map((p) => p.route);
    expect(now).toEqual(expect.arrayContaining(Object.keys(recorded)));
  });

  it('keeps every anchor each page had', () => {
    const lost: string[] = [];
    for (const page of built.pages) {
      const before = recorded[page.route];
      if (!before) continue;
      const html = contentHtml(page.ast as Root, page.route);
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const id of before) if (!isTabId(id) && !ids.has(id)) lost.push(`${page.route}#${id}`);
    }
    expect(lost).toEqual([]);
  });

  it('gives every field of every operation an anchor of its own', () => {
    for (const page of built.pages) {
      if (page.kind !== 'api-operation') continue;
      const html = contentHtml(page.ast as Root, page.route);
      const fields = [...html.matchAll(/<li class="api-field" id="([^"]+)"/g)].map((m) => m[1]);
      expect(fields.length, page.route).toBeGreaterThan(0);
      expect(new Set(fields).size, page.route).toBe(fields.length);
      for (const id of fields) expect(id, page.route).toMatch(/^(request|response)-[a-z0-9_-]+$/);
    }
  });
});
