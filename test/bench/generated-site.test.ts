/**
 * The build bench's generated sites (bench/generate-site.ts) are made from the real
 * content: they must keep passing validation as the content changes, hold the real
 * mix of page kinds, and be the same files on every run.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyRoute, generateSite } from '../../bench/generate-site.ts';
import { createMemo } from '../../pipeline/build.ts';
import { buildModel, inMemory } from '../../pipeline/model.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { lastUpdatedDates } from '../../pipeline/content/last-updated.ts';
import { createStepper } from '../../pipeline/step.ts';
import { BuildError, formatDiagnostics } from '../../pipeline/diagnostics.ts';

const roots: string[] = [];
async function generated(count: number) {
  const root = await mkdtemp(path.join(tmpdir(), 'paydocs-gen-'));
  roots.push(root);
  generateSite(root, count);
  const files = (await readdir(path.join(root, 'content'), { recursive: true }))
    .filter((f) => f.endsWith('.md'))
    .sort();
  return { root, files };
}
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

describe('generated bench sites', () => {
  it('moves a route into its copy, keeping API routes and their paths in step', () => {
    expect(copyRoute('/', 2)).toBe('/g2');
    expect(copyRoute('/introduction', 2)).toBe('/introduction_g2');
    expect(copyRoute('/services/pix/payin', 2)).toBe('/services/g2/pix/payin');
    expect(copyRoute('/services/pix', 2)).toBe('/services/g2/pix');
    expect(copyRoute('/services/acquiring_h2h', 2)).toBe('/services/g2/more/acquiring_h2h');
    expect(copyRoute('/api/v2/transaction/create', 2)).toBe('/api/v2/g2/transaction/create');
    expect(copyRoute('/api/reports/v1/balance', 2)).toBe('/api/reports/v1/g2/balance');
  });

  it('has exactly the pages asked, every kind, the same bytes each run; passes validation and link check', async () => {
    const [a, b] = [await generated(420), await generated(420)];
    expect(a.files).toHaveLength(420);
    expect(b.files).toEqual(a.files);
    const kinds = new Set<string>();
    for (const f of a.files) {
      const text = await readFile(path.join(a.root, 'content', f), 'utf8');
      expect(await readFile(path.join(b.root, 'content', f), 'utf8')).toBe(text);
      if (/_g\d|\/g\d/.test(f)) kinds.add(/^kind: (\S+)/m.exec(text)?.[1] ?? 'doc');
    }
    expect([...kinds].sort()).toEqual(['api-operation', 'doc', 'payment-group', 'payment-method', 'reference-table']);
    const memo = await createMemo({ root: a.root, cacheDir: false });
    try {
      const content = await loadContent(a.root);
      const dates = lastUpdatedDates(
        a.root,
        content.pages.map((p) => p.relFile),
      );
      const model = await buildModel({ content, dates, memo, step: createStepper().step }, inMemory);
      expect(model.pages).toHaveLength(420);
    } catch (error) {
      throw new Error(error instanceof BuildError ? formatDiagnostics(error.diagnostics, false) : String(error));
    }
  }, 120_000);
});
