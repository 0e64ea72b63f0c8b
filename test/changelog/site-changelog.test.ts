/**
 * The real site's API history: the generated /changelog (every release, newest first, with the
 * reference entries that name it and every v1 → v2 pair), its Atom feed, the badges in the
 * Markdown twins, the OpenAPI lifecycle keys and the releases list a build publishes.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lifecycleEntries } from '../../pipeline/kinds/api-operation/lifecycle.ts';
import type { ApiOperation } from '../../schema/frontmatter-api.ts';
import { CHANGELOG_FEED, RELEASES_FILE, releaseAnchor } from '../../schema/releases.ts';
import { buildProjectSite } from '../helpers.ts';
import { sharedBuild } from '../shared/builds.ts';

const built = await buildProjectSite();
const releases = built.site.data.releases;
// What the run's shared build wrote (pipeline/machine/outputs.ts made it from these pages).
const { dist } = await sharedBuild('real');
const text = (file: string) => readFileSync(path.join(dist, file), 'utf8');

describe('the real API has a history', () => {
  it('at least 8 releases over 2023-2026 and 25 lifecycle entries', () => {
    expect(releases.length).toBeGreaterThanOrEqual(8);
    expect(new Set(releases.map((r) => r.date.slice(0, 4)))).toEqual(new Set(['2023', '2024', '2025', '2026']));
    const entries = built.pages
      .filter((p) => p.kind === 'api-operation')
      .flatMap((p) => lifecycleEntries((p.frontmatter as { api: ApiOperation }).api));
    expect(entries.length).toBeGreaterThanOrEqual(25);
  });
});

describe('/changelog', () => {
  const twin = text('changelog.md');
  it('lists every release newest first, under the anchors the hand-written page had', () => {
    const at = releases.map((r) => twin.indexOf(`${r.date} — ${r.title}`));
    expect(at.every((i) => i > 0)).toBe(true);
    const byDate = [...releases].sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
    const positions = byDate.map((r) => twin.indexOf(`${r.date} — ${r.title}`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(releaseAnchor(releases.find((r) => r.id === '2024-10')!)).toBe('2024-10-01--api-v1-feature-freeze');
  });

  it("shows under a release the reference entries that name it, and every v2 call's changes from v1", () => {
    expect(twin).toMatch(/New:\*\* `response\.sha256` of \[Download a report/);
    expect(twin).toContain('## Changes from v1');
    expect(twin).toContain('### reports/v2/create');
    expect(twin).toContain('### v2/transaction/find');
  });
});

describe('the Atom feed', () => {
  const feed = text(CHANGELOG_FEED);
  it('has one entry per release, with its link and date', () => {
    expect(feed.startsWith('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">')).toBe(
      true,
    );
    expect(feed.match(/<entry>/g)).toHaveLength(releases.length);
    for (const r of releases) expect(feed).toContain(`/changelog#${releaseAnchor(r)}</id>`);
    expect(feed).toContain('<updated>2026-11-21T00:00:00Z</updated>');
  });

  it('the build publishes the validated releases for paydocs diff', () => {
    expect(JSON.parse(text(RELEASES_FILE))).toEqual(releases);
  });
});

describe('badges and changes from v1 on the reference', () => {
  it('the twin of a v2 operation shows its badges and its changes from v1', () => {
    const create = text('api/v2/transaction/create.md');
    expect(create).toContain('Deprecated — use `next_action.qr_data`');
    expect(create).toContain('Sunset 2027-06-30');
    expect(create).toContain('New in 2025-01');
    const find = text('api/v2/transaction/find.md');
    expect(find).toContain('## Changes from v1');
    expect(find).toContain('Called with `GET` (v1: `POST`)');
    expect(find).toMatch(/`response.customer_email` → `customer.email`/);
  });

  it('OpenAPI marks deprecated operations and fields', () => {
    const reports = JSON.parse(text('openapi/reports-v1.json'));
    const create = reports.paths['/v1/reports/create'].post;
    expect(create).toMatchObject({ deprecated: true, 'x-deprecatedInVersion': '2026-03', 'x-sunset': '2027-03-31' });
    const v2 = JSON.parse(text('openapi/v2.json'));
    expect(JSON.stringify(v2)).toContain('"x-addedInVersion":"2025-01"');
  });
});
