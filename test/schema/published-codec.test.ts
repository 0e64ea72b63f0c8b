/**
 * The page JSON contract for other tools (docs/page-json.md): a page read with only the files
 * a build publishes — dist/schema/page-codec.js, the page JSON, and the error data the manifest
 * names — and rendered with hast-util-to-html has the headings, anchors and text of the
 * prerendered page. No module of paydocs' pipeline is imported to read it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toHtml } from 'hast-util-to-html';
import { afterAll, describe, expect, it } from 'vitest';
import { builtFixture } from '../helpers.ts';

const site = await builtFixture();
afterAll(() => site.cleanup());
const dist = (file: string) => path.join(site.dist, file);
// The manifest names files by URL (`_data/pages/x.json?v=<hash>`): the file is the path without the query.
const json = (url: string) => JSON.parse(readFileSync(dist(url.replace(/^\//, '').replace(/\?.*$/, '')), 'utf8'));
const codecFile = dist('schema/page-codec.js');
const codec = await import(pathToFileURL(codecFile).href);
const manifest = json('_data/manifest.json') as {
  routes: Record<string, { data: string; kind: string }>;
  apiErrors: string;
};

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
const headings = (html: string) =>
  [...html.matchAll(/<h([2-4])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) =>
    m[2]
      .replace(/<[^>]+>/g, '')
      .replace(/#$/, '')
      .trim(),
  );

describe('dist/schema/page-codec.js', () => {
  it('is one ES module that imports nothing', () => {
    const source = readFileSync(codecFile, 'utf8');
    expect(source).not.toMatch(/^\s*import\s|\brequire\(/m);
    expect(typeof codec.readPage).toBe('function');
  });

  it('reads every page of a build into hast that renders to the prerendered headings and anchors', () => {
    const kinds = new Set<string>();
    let anchors = 0;
    for (const [route, entry] of Object.entries(manifest.routes)) {
      const file = json(entry.data);
      const data = codec.needsData(file) ? { apiErrors: json(manifest.apiErrors) } : {};
      const page = codec.readPage(file, data);
      const html = toHtml(page.ast);
      const prerendered = readFileSync(dist(route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
      const onPage = ids(prerendered);
      anchors += ids(html).size;
      expect(
        [...ids(html)].filter((id) => !onPage.has(id)),
        `${route}: anchors the page does not have`,
      ).toEqual([]);
      for (const heading of headings(html)) expect(prerendered, route).toContain(heading);
      expect(page.title).toBe(file.title);
      kinds.add(entry.kind);
    }
    expect(kinds).toContain('api-operation');
    expect(anchors).toBeGreaterThan(20);
  });

  it('says what is wrong with content it cannot read', () => {
    const [first] = Object.values(manifest.routes);
    const file = json(first.data);
    expect(() => codec.readPage({ ...file, content: { ...file.content, encoding: 999 } })).toThrow(
      codec.ContentVersionError,
    );
    const api = Object.values(manifest.routes).find((r) => r.kind === 'api-operation')!;
    expect(() => codec.readPage(json(api.data))).toThrow(/error data/);
  });
});
