/**
 * The compact page-content encoding (schema/page-codec.ts, pipeline/link/encode-content.ts):
 * what the build writes decodes to exactly the tree the pipeline holds, on every page of
 * the fixture site and on random trees; the decoder docs/page-json.md gives other tools agrees;
 * and the encoding stays compact (byte budgets: bytes are stable, timings are not asserted).
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Element, ElementContent, Root } from 'hast';
import { buildSite } from '../../pipeline/build.ts';
import { pageDataPath } from '../../schema/dist-layout.ts';
import { encodeContent } from '../../pipeline/link/encode-content.ts';
import {
  ContentEncodingError,
  ContentVersionError,
  decodeContent,
  generatedIn,
  pageFromFile,
  PERMALINK,
  type Generate,
} from '../../schema/page-codec.ts';
import { generateFrom } from '../../pipeline/link/generated-data.ts';
import { generateWith } from '../../schema/generated/index.ts';
import { permalinkOf, tocOf } from '../../schema/page-toc.ts';
import { PAGE_CONTENT_ENCODING, pageFile, type EncodedContent, type PageFile } from '../../schema/page.ts';
import { toFileFrontmatter } from '../../schema/frontmatter.ts';
import { createPageLoader, PageLoadError } from '../../reader/lib/page-loader.ts';
import type { Manifest } from '../../schema/manifest.ts';
import { fixtureRoot, projectRoot } from '../helpers.ts';

const site = await buildSite({ root: fixtureRoot, cacheDir: false, pool: false });
const files = site.pages.map((page) => ({ page, json: site.pageFiles.get(pageDataPath(page.route))!.json }));
/** Prints generated content with the build's error rows, as the build's own decoders do. */
const generate = generateWith(site.generatedData.data);
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));
/**
 * The tree as the page JSON carried it before (plain hast through JSON), but for the root's `data`
 * (not content: rehype-raw's quirks-mode note).
 */
const tree = (ast: { children: unknown[] }) => ({ type: 'root', children: asJson(ast.children) });
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

/** The decoder docs/page-json.md gives, run as a third-party tool would copy it. */
function readmeDecoder(): (content: EncodedContent, generate?: Generate) => Root {
  const doc = readFileSync(path.join(projectRoot, 'docs/page-json.md'), 'utf8');
  const section = doc.slice(doc.indexOf("## A page's file"));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error(`docs/page-json.md: no decoder in "A page's file"`);
  return new Function(`${code}\nreturn decodeContent;`)();
}

describe('page content encoding', () => {
  it('every page JSON of a build validates and decodes to the tree the pipeline holds', () => {
    expect(files.length).toBeGreaterThan(5);
    for (const { page, json } of files) {
      const file = JSON.parse(json) as PageFile;
      expect(pageFile.safeParse(file).success, page.route).toBe(true);
      expect(file).not.toHaveProperty('ast');
      expect(decodeContent(file.content, generate), page.route).toEqual(tree(page.ast));
      expect(pageFromFile(file, generate), page.route).toEqual({
        ...asJson(page),
        frontmatter: toFileFrontmatter(page.frontmatter),
        ast: tree(page.ast),
      });
    }
  });

  it('an API page carries its operation as a summary: the definition is in its content and OpenAPI', () => {
    const api = files.find(({ page }) => page.kind === 'api-operation');
    expect(api).toBeDefined();
    const file = JSON.parse(api!.json) as PageFile;
    expect(file.frontmatter.kind).toBe('api-operation');
    const summary = (file.frontmatter as { api: Record<string, unknown> }).api;
    expect(Object.keys(summary).sort()).toEqual(['auth', 'idempotent', 'method', 'path', 'version']);
    expect((api!.page.frontmatter as { api: { response: unknown[] } }).api.response.length).toBeGreaterThan(0);
  });

  it("an API page's code samples and error table travel as the data they are printed from", () => {
    const api = files.filter(
      ({ page }) =>
        page.kind === 'api-operation' && (page.frontmatter as { api: { errors: string[] } }).api.errors.length,
    );
    expect(api.length).toBeGreaterThan(0);
    for (const { page, json } of api) {
      const file = JSON.parse(json) as PageFile;
      // The parts, in reading order, wherever they are in the tree (in the reference's panes and lists).
      const parts: { generated: string; from: unknown }[] = [];
      const visit = (n: unknown): void => {
        if (typeof n === 'object' && n !== null && 'generated' in n) parts.push(n as (typeof parts)[number]);
        else if (Array.isArray(n)) n.forEach(visit);
      };
      file.content.children.forEach(visit);
      const { errors } = (page.frontmatter as { api: { errors: string[] } }).api;
      expect(
        parts.map((p) => p.generated),
        page.route,
      ).toEqual(['api-samples', 'api-errors']);
      expect(parts[1].from, page.route).toEqual({
        version: (page.frontmatter as { api: { version: string } }).api.version,
        codes: errors,
      });
      expect(parts[0].from, page.route).toMatchObject({
        method: expect.any(String),
        url: expect.stringMatching(/^https:/),
        headers: expect.any(Array),
      });
      // No printed sample and no error row's words in the file: the rows' words are the site's error data.
      expect(json, page.route).not.toContain('PAYDOCS_SECRET_KEY\\"]');
      expect(json, page.route).not.toContain('HttpClient.newHttpClient');
      expect(json, page.route).not.toContain(
        site.generatedData.data.apiErrors!.find((e) => e.code === errors[0])!.resolution.slice(0, 30),
      );
      expect(generatedIn(file.content), page.route).toEqual(new Set(['api-errors', 'api-samples']));
      // Without a generate the decoder says what it cannot print, rather than leaving a hole.
      expect(() => decodeContent(file.content), page.route).toThrow(ContentEncodingError);
      expect(() => decodeContent(file.content), page.route).toThrow(/generated content \("api-samples"\)/);
      expect(() => decodeContent(file.content, generateWith({})), page.route).toThrow(
        /"api-errors" could not be printed: .*error data/,
      );
    }
    expect(generatedIn(JSON.parse(files.find(({ page }) => page.kind === 'doc')!.json).content)).toEqual(new Set());
  });

  it('the build decodes with the parts it printed, and prints a part again when what it holds is not that part', () => {
    const { page, json } = files.find(({ page }) => page.kind === 'api-operation')!;
    const content = (JSON.parse(json) as PageFile).content;
    const printed = site.pageFiles.get(pageDataPath(page.route))!.printed;
    expect(printed).toBeDefined();
    expect(decodeContent(content, generateFrom(printed, site.generatedData.data))).toEqual(tree(page.ast));
    // Taken as held: a mark on the held samples shows in the tree.
    const parts = JSON.parse(printed!) as Element[];
    expect(parts.map((p) => (p.data as { generated: { generated: string } }).generated.generated)).toEqual([
      'api-samples',
      'api-errors',
    ]);
    parts[0].properties.dataHeld = 'yes';
    const held = decodeContent(content, generateFrom(JSON.stringify(parts), site.generatedData.data));
    expect(JSON.stringify(held)).toContain('"dataHeld":"yes"');
    // None held, or held out of order: printed again, the same tree.
    expect(decodeContent(content, generateFrom(undefined, site.generatedData.data))).toEqual(tree(page.ast));
    expect(decodeContent(content, generateFrom(JSON.stringify([parts[1], parts[0]]), site.generatedData.data))).toEqual(
      tree(page.ast),
    );
    expect(
      files
        .filter(({ page }) => page.kind !== 'api-operation')
        .every(({ page }) => site.pageFiles.get(pageDataPath(page.route))!.printed === undefined),
    ).toBe(true);
  });

  it("the reader prints an API page with the manifest's error rows fetched once; failed fetch: net error", async () => {
    const { page, json } = files.find(
      ({ page }) =>
        page.kind === 'api-operation' && (page.frontmatter as { api: { errors: string[] } }).api.errors.length,
    )!;
    // A second API page: the same file under another route (the fixture site has one).
    const other = '/api/second';
    const manifest = {
      apiErrors: '/_data/generated/errors-test.json',
      routes: {
        [page.route]: { kind: 'api-operation', data: 'a.json' },
        [other]: { kind: 'api-operation', data: 'b.json' },
      },
    } as unknown as Manifest;
    const asked: string[] = [];
    const loader = createPageLoader(manifest, async (url) => {
      asked.push(String(url));
      if (url === '/a.json') return new Response(json);
      if (url === '/b.json') return new Response(json);
      if (url === manifest.apiErrors) return new Response(site.generatedData.json);
      return new Response('', { status: 404 });
    });
    expect((await loader.load(page.route)).ast).toEqual(tree(page.ast));
    expect((await loader.load(other)).ast).toEqual(tree(page.ast));
    expect(asked.filter((u) => u === manifest.apiErrors)).toHaveLength(1);

    const offline = createPageLoader({ ...manifest, apiErrors: '/_data/generated/errors-gone.json' }, async (url) =>
      url === '/a.json' ? new Response(json) : new Response('', { status: 503 }),
    );
    const error = await offline.load(page.route).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageLoadError);
    expect((error as Error).message).toContain('network request failed');
  });

  it('the decoder docs/page-json.md gives yields the same trees', () => {
    const decode = readmeDecoder();
    for (const { page, json } of files)
      expect(decode(JSON.parse(json).content, generate), page.route).toEqual(tree(page.ast));
  });

  it('round-trips random trees: shared and one-off shapes, every property type, comments', () => {
    const text = fc.string().map((value) => ({ type: 'text' as const, value }));
    const props = fc.dictionary(
      fc.constantFrom('className', 'id', 'dataLang', 'colSpan', 'hidden', 'type', 'href'),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 })),
      { maxKeys: 3 },
    );
    const { node } = fc.letrec<{ node: ElementContent }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text,
        fc.string().map((value) => ({ type: 'comment' as const, value })),
        fc.record({
          type: fc.constant('element' as const),
          tagName: fc.constantFrom('span', 'p', 'td', 'a', 'h2', 'h3'),
          properties: props,
          children: fc.array(tie('node'), { maxLength: 4 }),
        }),
        // A heading ending with its own `#` link (it travels as 0), or with one that differs from it.
        fc
          .record({ id: fc.string(), children: fc.array(tie('node'), { maxLength: 3 }), own: fc.boolean() })
          .map(({ id, children, own }): Element => {
            const heading: Element = { type: 'element', tagName: 'h3', properties: { id }, children };
            const link = permalinkOf(heading, children)!;
            return {
              ...heading,
              children: [...children, own ? link : { ...link, properties: { ...link.properties, ariaLabel: 'Link' } }],
            };
          }),
      ),
    }));
    fc.assert(
      fc.property(fc.array(node, { maxLength: 6 }), (children) => {
        const root: Root = { type: 'root', children };
        const encoded = asJson(encodeContent(root));
        expect(decodeContent(encoded)).toEqual(asJson(root));
        expect(readmeDecoder()(encoded)).toEqual(asJson(root));
      }),
      { numRuns: 300 },
    );
  });

  it("a heading's own `#` link travels as 0; a link that differs from it, or in another element, as itself", () => {
    const heading = (tagName: string, properties: Element['properties'], link: (h: Element) => Element): Element => {
      const h: Element = {
        type: 'element',
        tagName,
        properties,
        children: [
          { type: 'text', value: 'Errors ' },
          { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: 'x' }] },
        ],
      };
      return { ...h, children: [...h.children, link({ ...h, properties: { ...h.properties, id: 'errors' } })] };
    };
    // The link an h2 with that id and text would end with, whatever the element.
    const own = (h: Element) => permalinkOf({ ...h, tagName: 'h2' }, h.children)!;
    expect((heading('h2', { id: 'errors' }, own).children.at(-1) as Element).properties).toEqual({
      href: '#errors',
      className: ['hash-link'],
      ariaLabel: 'Direct link to Errors x',
    });
    const cases: [Element, boolean][] = [
      [heading('h2', { id: 'errors' }, own), true],
      [heading('h6', { id: 'errors' }, own), true],
      [
        heading('h2', { id: 'errors' }, (h) => ({
          ...own(h),
          properties: { ...own(h).properties, ariaLabel: 'Direct link to Errors' },
        })),
        false,
      ],
      [heading('h2', { id: 'errors' }, (h) => ({ ...own(h), children: [{ type: 'text', value: '¶' }] })), false],
      [heading('h2', { id: 'other' }, own), false],
      // Same properties in another order: the HTML would list its attributes in another order.
      [
        heading('h2', { id: 'errors' }, (h) => {
          const { href, ...rest } = own(h).properties;
          return { ...own(h), properties: { ...rest, href } };
        }),
        false,
      ],
      [heading('h1', { id: 'errors' }, own), false],
      [heading('p', { id: 'errors' }, own), false],
    ];
    for (const [element, asZero] of cases) {
      const root: Root = { type: 'root', children: [element] };
      const encoded = asJson(encodeContent(root));
      expect(JSON.stringify(encoded.children).endsWith(`,${PERMALINK}]]`), JSON.stringify(element)).toBe(asZero);
      expect(decodeContent(encoded)).toEqual(asJson(root));
      expect(readmeDecoder()(encoded)).toEqual(asJson(root));
    }
  });

  it('gives the page its TOC from the tree: h2–h3 with an id, without the `#` link; none if hidden', () => {
    const withToc = files.filter(({ page }) => page.toc.length > 0);
    expect(withToc.length).toBeGreaterThan(3);
    for (const { page, json } of files) {
      const file = JSON.parse(json) as PageFile;
      expect(file).not.toHaveProperty('toc');
      expect(pageFromFile(file, generate).toc, page.route).toEqual(page.toc);
    }
    const hidden = JSON.parse(withToc[0].json) as PageFile;
    expect(
      pageFromFile({ ...hidden, frontmatter: { ...hidden.frontmatter, hide_toc: true } } as PageFile, generate).toc,
    ).toEqual([]);
    expect(tocOf(decodeContent(hidden.content, generate))).toEqual(withToc[0].page.toc);
  });

  describe('templates: like children written once', () => {
    const text = (value: string): ElementContent => ({ type: 'text', value });
    const el = (tagName: string, properties: Element['properties'], ...children: ElementContent[]): Element => ({
      type: 'element',
      tagName,
      properties,
      children,
    });
    const currencyRow = ([code, name, numeric, minor]: string[]) =>
      el(
        'tr',
        { id: code },
        el('td', {}, el('code', {}, text(code))),
        el('td', {}, text(name)),
        el('td', {}, el('code', {}, text(numeric))),
        el('td', {}, text(minor)),
      );
    const CURRENCIES = [
      ['AED', 'UAE Dirham', '784'],
      ['AFN', 'Afghani', '971'],
      ['ALL', 'Lek', '008'],
      ['AMD', 'Armenian Dram', '051'],
      ['AOA', 'Kwanza', '973'],
      ['ARS', 'Argentine Peso', '032'],
      ['AUD', 'Australian Dollar', '036'],
      ['AWG', 'Aruban Florin', '533'],
      ['AZN', 'Azerbaijan Manat', '944'],
    ].map((r) => [...r, '2']);
    const table = (rows: string[][]): Root => ({
      type: 'root',
      children: [el('table', {}, el('tbody', {}, ...rows.map(currencyRow)))],
    });
    const roundTrips = (root: Root) => {
      const encoded = asJson(encodeContent(root));
      expect(decodeContent(encoded)).toEqual(asJson(root));
      expect(readmeDecoder()(encoded)).toEqual(asJson(root));
      return encoded;
    };

    it("a table's rows: structure once, a value the same in every row in it, one always equal to another once", () => {
      const encoded = roundTrips(table(CURRENCIES));
      const tbody = (encoded.children[0] as unknown[])[2] as unknown[];
      expect(tbody.length).toBe(3);
      const template = tbody[2] as { each: unknown; rows: unknown[][] };
      // The row id and its code cell: one value; the minor units, "2" in every row: in `each`.
      expect(JSON.stringify(template.each).match(/\{"\$":0\}/g)).toHaveLength(2);
      expect(JSON.stringify(template.each)).toContain('"2"');
      expect(template.rows).toEqual(CURRENCIES.map(([code, name, numeric]) => [code, name, numeric]));
    });

    it('fewer than 8 like children, or children of different structures, stay as they are', () => {
      expect(JSON.stringify(roundTrips(table(CURRENCIES.slice(0, 7))))).not.toContain('"each"');
      const mixed = table(CURRENCIES);
      ((mixed.children[0] as Element).children[0] as Element).children[4] = el(
        'tr',
        { id: 'X' },
        el('td', {}, text('X')),
      );
      expect(JSON.stringify(roundTrips(mixed))).not.toContain('"each"');
    });

    it('round-trips random runs: values in texts and properties, constant or not, equal to others or not', () => {
      const row = fc.record({
        id: fc.string(),
        hidden: fc.boolean(),
        cells: fc.array(fc.constantFrom('a', 'b', '', '$', '{"$":0}'), { minLength: 3, maxLength: 3 }),
      });
      fc.assert(
        fc.property(fc.array(row, { minLength: 8, maxLength: 12 }), fc.boolean(), (rows, sameId) => {
          const root: Root = {
            type: 'root',
            children: [
              el(
                'ul',
                {},
                ...rows.map((r) =>
                  el(
                    'li',
                    { id: sameId ? r.cells[0] : r.id, hidden: r.hidden },
                    text(r.cells[0]),
                    el('b', {}, text(r.cells[1])),
                    { type: 'comment', value: 'c' },
                    el('i', {}, text(r.cells[2])),
                  ),
                ),
              ),
            ],
          };
          expect(JSON.stringify(roundTrips(root))).toContain('"each"');
        }),
        { numRuns: 200 },
      );
    });
  });

  it('shares a shape between elements without sharing their properties objects', () => {
    const span = (value: string): Element => ({
      type: 'element',
      tagName: 'span',
      properties: { className: ['hljs-string'] },
      children: [{ type: 'text', value }],
    });
    const encoded = encodeContent({
      type: 'root',
      children: [span('a'), span('b'), { type: 'element', tagName: 'a', properties: { href: '/x' }, children: [] }],
    });
    expect(encoded.shapes).toEqual([['span', { className: ['hljs-string'] }]]);
    expect(encoded.children).toEqual([
      [0, 'a'],
      [0, 'b'],
      ['a', { href: '/x' }],
    ]);
    const tree = decodeContent(encoded);
    (tree.children[0] as Element).properties.className = ['changed'];
    expect((tree.children[1] as Element).properties.className).toEqual(['hljs-string']);
  });

  it('refuses another encoding version, and the reader says the page is from another version of the site', async () => {
    const file = JSON.parse(files[0].json) as PageFile;
    const later = { ...file, content: { ...file.content, encoding: PAGE_CONTENT_ENCODING + 1 } } as unknown as PageFile;
    expect(() => pageFromFile(later)).toThrow(ContentVersionError);
    const manifest = { routes: { [file.route]: { data: 'page.json' } } } as unknown as Manifest;
    const loader = createPageLoader(manifest, async () => new Response(JSON.stringify(later)));
    const error = await loader.load(file.route).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageLoadError);
    expect((error as Error).message).toContain('another version');
  });

  it('a page file the decoder cannot read, or not JSON, is a load error that says so, not a crash', async () => {
    const file = JSON.parse(files[0].json) as PageFile;
    const manifest = { routes: { [file.route]: { data: 'page.json' } } } as unknown as Manifest;
    const broken = [
      JSON.stringify({
        ...file,
        content: { ...file.content, children: [['p', {}, { each: ['td', {}, { $: 3 }], rows: [['a']] }]] },
      }),
      JSON.stringify({
        ...file,
        content: { ...file.content, children: [{ type: 'element', tagName: 'p', properties: {}, children: null }] },
      }),
      files[0].json.slice(0, 200),
    ];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const body of broken) {
      const loader = createPageLoader(manifest, async () => new Response(body));
      const error = await loader.load(file.route).catch((e: unknown) => e);
      expect(error, body.slice(0, 80)).toBeInstanceOf(PageLoadError);
      expect((error as Error).message).toContain('its file is damaged');
    }
    expect(logged).toHaveBeenCalledTimes(broken.length);
    logged.mockRestore();
  });

  it('stays compact: every tree ≤ 40 % of its hast raw, every page JSON smaller gzip than with hast', () => {
    for (const { page, json } of files) {
      expect(JSON.stringify(JSON.parse(json).content).length, page.route).toBeLessThanOrEqual(
        JSON.stringify(page.ast).length * 0.4,
      );
      expect(gz(json), page.route).toBeLessThan(gz(JSON.stringify(page)));
    }
  });
});
