/**
 * Flow diagrams (pipeline/diagrams/): the list is validated with named diagnostics, the
 * status diagram comes from the data file, D2 draws real SVGs with a title and a text
 * alternative, a broken source is an error at its line, and a second run draws nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { projectRoot } from '../helpers.ts';
import { diagramRegistry, checkDiagramPages, type DiagramSpec } from '../../pipeline/diagrams/registry.ts';
import { statusDiagramDescription, statusDiagramSource } from '../../pipeline/diagrams/statuses.ts';
import { closeD2, parseErrors, renderD2, splitThemes } from '../../pipeline/diagrams/d2.ts';
import { drawDiagrams } from '../../pipeline/diagrams/render.ts';
import { finishSvg, SVG_FINISH_VERSION } from '../../pipeline/diagrams/svg.ts';
import { shortHash } from '../../pipeline/hash.ts';
import { methodDiagrams } from '../../pipeline/diagrams/figure.ts';
import { createStageMemo, memoryStore } from '../../pipeline/incremental/memo.ts';
import type { RawFile } from '../../pipeline/content/load.ts';
import type { LoadedData } from '../../schema/data.ts';
import type { PageSource } from '../../pipeline/content/validate.ts';

const file = (name: string, text: string): RawFile => ({
  file: `/x/content/diagrams/${name}`,
  relFile: `content/diagrams/${name}`,
  text,
  hash: name + text.length,
});
const statuses = parseYaml(
  await readFile(path.join(projectRoot, 'content/data/transaction_statuses.yaml'), 'utf8'),
) as LoadedData['transaction_statuses'];
const data = { transaction_statuses: statuses } as LoadedData;

const LIST = `- id: flow
  title: A flow
  description: The merchant calls the gateway, the gateway answers, and a callback follows later on.
  source: flow.d2
  guide: /guide
  applies_to:
    - { direction: payin, integration: hpp }
- id: transaction-statuses
  title: Statuses
  generated: transaction_statuses
  guide: /statuses
`;

afterAll(() => closeD2());

describe('the diagram list', () => {
  it('gives each diagram hashed light and dark addresses, and the statuses diagram its words from the data', () => {
    const r = diagramRegistry(
      [file('diagrams.yaml', LIST), file('flow.d2', 'shape: sequence_diagram\na -> b: hi\n')],
      data,
    );
    expect(r.diagnostics).toEqual([]);
    const [flow, generated] = r.specs.map((s) => s.ref);
    expect(flow.light).toMatch(/^\/assets\/diagrams\/flow\.[0-9a-f]{12}\.svg$/);
    expect(flow.dark).toMatch(/^\/assets\/diagrams\/flow\.dark\.[0-9a-f]{12}\.svg$/);
    expect(generated.alt).toBe(statusDiagramDescription(statuses));
    // Another source → another name (the files are cached for a year under their name).
    const changed = diagramRegistry(
      [file('diagrams.yaml', LIST), file('flow.d2', 'shape: sequence_diagram\na -> b: hello\n')],
      data,
    );
    expect(changed.specs[0].ref.light).not.toBe(flow.light);
  });

  it('names the file, line and field of a bad entry, a missing source and an unlisted file', () => {
    const bad = LIST.replace('title: A flow', 'title: ""').replace('source: flow.d2', 'source: gone.d2');
    const schema = diagramRegistry([file('diagrams.yaml', bad)], data);
    expect(schema.diagnostics).toContainEqual(
      expect.objectContaining({
        file: 'content/diagrams/diagrams.yaml',
        line: 2,
        field: '[0].title',
        rule: 'diagram-file',
      }),
    );
    const missing = diagramRegistry(
      [file('diagrams.yaml', LIST.replace('source: flow.d2', 'source: gone.d2')), file('other.d2', 'a -> b')],
      data,
    );
    expect(missing.diagnostics).toContainEqual(
      expect.objectContaining({
        line: 4,
        field: '[0].source',
        rule: 'diagram-file',
        message: expect.stringContaining('content/diagrams/gone.d2'),
      }),
    );
    expect(missing.diagnostics).toContainEqual(
      expect.objectContaining({
        file: 'content/diagrams/other.d2',
        rule: 'diagram-file',
        message: expect.stringContaining('listed'),
      }),
    );
  });

  it('checks each guide shows its diagram and each applies_to names a real method', () => {
    const { specs } = diagramRegistry(
      [
        file('diagrams.yaml', LIST.replace('integration: hpp }', 'integration: hpp, service: nope }')),
        file('flow.d2', 'a -> b'),
      ],
      data,
    );
    const page = (route: string, body: string, frontmatter: unknown = { kind: 'doc' }) =>
      ({ route, relFile: `content${route}.md`, body, frontmatter }) as unknown as PageSource;
    const method = page('/services/x', 'text', {
      kind: 'payment-method',
      method: { group: 'x', service: 'x_payin', direction: 'payin', integration: ['hpp'] },
    });
    const found = checkDiagramPages(specs, [page('/guide', 'No directive here.'), method]);
    expect(found).toContainEqual(
      expect.objectContaining({
        line: 5,
        field: 'guide',
        rule: 'diagram-guide',
        message: expect.stringContaining('::diagram[flow]'),
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        field: 'guide',
        rule: 'diagram-guide',
        message: expect.stringContaining('/statuses, which is no page'),
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ line: 7, field: 'applies_to[0].service', rule: 'diagram-file' }),
    );
    // A guide whose frontmatter did not validate is no missing page: its own problems are listed.
    expect(
      checkDiagramPages(specs, [page('/guide', '::diagram[flow]'), method], ['/statuses']).filter(
        (d) => d.rule === 'diagram-guide',
      ),
    ).toEqual([]);
    const fixed = checkDiagramPages(
      specs.slice(0, 1).map((s) => ({ ...s, ref: { ...s.ref, applies_to: [{ service: 'x_payin' }] } })),
      [page('/guide', '::diagram[flow]'), method],
    );
    expect(fixed).toEqual([]);
  });

  it('matches a method by its data sheet, next_action included', () => {
    const { specs } = diagramRegistry(
      [
        file(
          'diagrams.yaml',
          LIST.replace(
            '{ direction: payin, integration: hpp }',
            '{ integration: h2h, next_action: [qr_code, voucher] }',
          ),
        ),
        file('flow.d2', 'a -> b'),
      ],
      data,
    );
    const refs = specs.map((s) => s.ref);
    const method = (type?: string) => ({
      direction: 'payin' as const,
      integration: ['h2h' as const],
      group: 'x',
      service: 'x',
      flow: { transaction: true, ...(type ? { next_action: { type } } : {}) },
    });
    expect(methodDiagrams(method('qr_code'), refs).map((r) => r.id)).toEqual(['flow']);
    expect(methodDiagrams(method('redirect'), refs)).toEqual([]);
    expect(methodDiagrams(method(), refs)).toEqual([]);
  });
});

describe('the status diagram', () => {
  it('has a box for every status and an arrow for every transition of the data file', () => {
    const source = statusDiagramSource(statuses);
    for (const s of statuses) {
      expect(source).toContain(`${s.code}: ${JSON.stringify(s.label)}`);
      for (const to of s.transitions) expect(source).toContain(`\n${s.code} -> ${to}\n`);
    }
    expect(source).toContain(`start -> ${statuses[0].code}`);
    const words = statusDiagramDescription(statuses);
    expect(words).toContain('Pending can move to Authorized, Success, Failed or Expired.');
    expect(words).toMatch(/Failed, Cancelled, Expired, Refunded and Chargeback are final\.$/);
  });
});

describe('drawing with D2', () => {
  it('reads D2 errors as line and column', () => {
    expect(
      parseErrors('[{"range":"index,0:8:8-2:0:24","errmsg":"index:3:9: maps must be terminated with }"}]'),
    ).toEqual([{ line: 3, column: 9, message: 'maps must be terminated with }' }]);
    expect(parseErrors('worker crashed')).toEqual([{ line: 1, column: 1, message: 'worker crashed' }]);
  });

  it('labels the SVG with its title and text alternative, and gives it a size', () => {
    const svg = finishSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><svg class="d2"></svg></svg>',
      { title: 'A & B', description: 'x < y' },
    );
    expect(svg).toMatch(
      new RegExp(
        /^<svg [^>]*width="640" height="480" role="img" aria-labelledby="diagram-title /.source +
          /diagram-desc"><title id="diagram-title">A &amp; B/.source +
          /<\/title><desc id="diagram-desc">x &lt; y<\/desc><svg class="d2">/.source,
      ),
    );
  });

  it('renames the files when the finishing changes: its output is the one recorded for SVG_FINISH_VERSION', () => {
    // Changed finishSvg on purpose? Bump SVG_FINISH_VERSION and record the new hash here.
    const recorded: Record<number, string> = { 1: 'a24e237dd0f1' };
    const svg = finishSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><svg class="d2"><text>x</text></svg></svg>',
      { title: 'A & B', description: 'x < y' },
    );
    expect(shortHash(svg)).toBe(recorded[SVG_FINISH_VERSION]);
  });

  it('refuses a render without the dark palette', () => {
    expect(() => splitThemes('<svg></svg>')).toThrow(/dark theme/);
  });

  it('draws light and dark SVGs, reports a broken source at its line, and keeps results in the memo', async () => {
    const list =
      `${LIST}- id: broken\n  title: Broken\n  description: A diagram whose source ` +
      `has a syntax error in its third line.\n  source: broken.d2\n  guide: /guide\n`;
    const { specs, diagnostics } = diagramRegistry(
      [
        file('diagrams.yaml', list),
        file('flow.d2', 'shape: sequence_diagram\nmerchant -> gateway: POST transaction/create\n'),
        file('broken.d2', 'a -> b\nc: {\n  shape: nope\n}\n'),
      ],
      data,
    );
    expect(diagnostics).toEqual([]);
    const memo = createStageMemo(memoryStore(), 'code');
    const first = await drawDiagrams(specs, memo);
    expect(first.drawn).toBe(3);
    expect(first.diagnostics).toEqual([
      expect.objectContaining({
        file: 'content/diagrams/broken.d2',
        line: 3,
        rule: 'diagram-source',
        message: expect.stringMatching(/^Expected valid D2, found an error: .*nope/),
      }),
    ]);
    const flow = specs[0].ref as DiagramSpec['ref'];
    const light = first.files.get(flow.light.slice(1))!;
    const dark = first.files.get(flow.dark.slice(1))!;
    for (const svg of [light, dark]) {
      expect(svg).toMatch(
        new RegExp(
          /^<svg [^>]*role="img"[^>]*><title id="diagram-title">A /.source +
            /flow<\/title><desc id="diagram-desc">The merchant calls/.source,
        ),
      );
      expect(svg).toContain('POST transaction/create');
    }
    expect(light).toContain('@media not all');
    expect(dark).toContain('@media all');
    const statusSvg = first.files.get(specs[1].ref.light.slice(1))!;
    for (const s of statuses) expect(statusSvg).toContain(s.label);

    const second = await drawDiagrams(specs, memo);
    expect(second.drawn).toBe(0);
    expect(second.files).toEqual(first.files);
  });

  it('draws a diagram whose source asks for the ELK layout engine', async () => {
    const result = await renderD2(
      'vars: {d2-config: {layout-engine: elk}}\nmerchant -> gateway: POST transaction/create\n',
    );
    expect(result).toMatchObject({ ok: true, light: expect.stringContaining('POST transaction/create') });
  });
});

/** A D2 source that does not compile: line 4 names an unknown shape. */
const BROKEN_FLOW = 'shape: sequence_diagram\nmerchant -> gateway: create\ngateway: {\n  shape: nope\n}\n';

/** What the site-level tests below share: a fixture copier, the error class, the fixture's introduction. */
async function siteTools() {
  const { fixtureCopy, fixtureRoot } = await import('../helpers.ts');
  const { BuildError } = await import('../../pipeline/diagnostics.ts');
  return { fixtureCopy, BuildError, intro: await readFile(path.join(fixtureRoot, 'content/introduction.md'), 'utf8') };
}

describe('paydocs check', () => {
  it('fails a site with a broken diagram and an unknown ::diagram id, naming file, line and rule', async () => {
    const { fixtureCopy, BuildError, intro } = await siteTools();
    const { buildSite } = await import('../../pipeline/build.ts');
    const site = await fixtureCopy({
      'content/diagrams/diagrams.yaml': LIST.replace('guide: /guide', 'guide: /introduction').replace(
        'guide: /statuses',
        'guide: /reference/transaction_statuses',
      ),
      'content/diagrams/flow.d2': BROKEN_FLOW,
      'content/introduction.md': `${intro}\n\n::diagram[flow]\n\n::diagram[nope]\n`,
    });
    try {
      const error = await buildSite({ root: site.root, cacheDir: false, pool: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BuildError);
      const found = (error as InstanceType<typeof BuildError>).diagnostics;
      expect(found).toContainEqual(
        expect.objectContaining({ file: 'content/diagrams/flow.d2', line: 4, rule: 'diagram-source' }),
      );
      expect(found).toContainEqual(
        expect.objectContaining({
          file: 'content/introduction.md',
          rule: 'diagram-reference',
          message: 'Expected a diagram id from content/diagrams/diagrams.yaml, found "nope"',
        }),
      );
      expect(found).toContainEqual(
        expect.objectContaining({
          file: 'content/diagrams/diagrams.yaml',
          rule: 'diagram-guide',
          message: expect.stringContaining('::diagram[transaction-statuses]'),
        }),
      );
    } finally {
      await site.cleanup();
    }
  });
});

describe('paydocs build', () => {
  it('goes on while D2 draws, yet a diagram that does not draw fails the build and keeps the last dist', async () => {
    const { fixtureCopy, BuildError, intro } = await siteTools();
    const { build } = await import('../../pipeline/build.ts');
    const list = LIST.replace('guide: /guide', 'guide: /introduction').replace(
      'guide: /statuses',
      'guide: /introduction',
    );
    const site = await fixtureCopy({
      'content/diagrams/diagrams.yaml': list,
      'content/diagrams/flow.d2': 'shape: sequence_diagram\nmerchant -> gateway: create\n',
      'content/introduction.md': `${intro}\n\n::diagram[flow]\n\n::diagram[transaction-statuses]\n`,
    });
    const options = { root: site.root, cacheDir: path.join(site.root, '.cache'), pool: false as const, minify: false };
    try {
      await build(options);
      const html = await readFile(path.join(site.root, 'dist/introduction/index.html'), 'utf8');
      expect(html).toMatch(/assets\/diagrams\/flow\.[0-9a-f]{12}\.svg/);
      // Only the diagram is wrong: the pages are assembled without waiting for D2, and D2's error ends the build.
      await writeFile(path.join(site.root, 'content/diagrams/flow.d2'), BROKEN_FLOW);
      await writeFile(
        path.join(site.root, 'content/introduction.md'),
        `${intro}\nA new line.\n\n::diagram[flow]\n\n::diagram[transaction-statuses]\n`,
      );
      const error = await build(options).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BuildError);
      expect((error as InstanceType<typeof BuildError>).diagnostics).toEqual([
        expect.objectContaining({ file: 'content/diagrams/flow.d2', line: 4, rule: 'diagram-source' }),
      ]);
      expect(await readFile(path.join(site.root, 'dist/introduction/index.html'), 'utf8')).toBe(html);
      expect((await readdir(site.root)).filter((f) => f.startsWith('.dist-'))).toEqual([]);
    } finally {
      await site.cleanup();
    }
  });
});
