/** Markdown twins and llms.txt from small hand-made page ASTs. */
import { describe, expect, it } from 'vitest';
import { h } from 'hastscript';
import type { Root } from 'hast';
import { pageMarkdown, twinPath, absoluteUrl } from '../../pipeline/machine/markdown-twin.ts';
import { llmsTxt, sections, OTHER_PAGES } from '../../pipeline/machine/llms.ts';
import { apiIdOf } from '../../schema/machine-docs.ts';
import { compareTwin } from './twin-text.ts';

const site = 'https://docs.example.test';
const page = (children: Root['children'], route = '/guide') => ({
  route,
  title: 'Guide',
  description: 'What the guide says.',
  ast: { type: 'root' as const, children },
});
const md = (children: Root['children'], route?: string) =>
  pageMarkdown(page(children, route) as never, { siteUrl: site });

describe('Markdown twin', () => {
  it('maps routes to twin paths', () => {
    expect(twinPath('/')).toBe('index.md');
    expect(twinPath('/api/v2/transaction/create')).toBe('api/v2/transaction/create.md');
  });

  it('opens with the title and the description, and drops heading permalinks', () => {
    const out = md([h('h2', { id: 'setup' }, ['Setup', h('a.hash-link', { href: '#setup' }, '#')])]);
    expect(out).toBe('# Guide\n\n> What the guide says.\n\n## Setup\n');
  });

  it("leaves the page's tree as it was, whitespace minified in the Markdown only", () => {
    // Whitespace the conversion minifies (hast-util-to-mdast, on a copy of the tree).
    const tree = () => [
      h('p', ['  Pay  ', h('code', 'x'), '\n  then   wait. ']),
      { type: 'text' as const, value: '\n' },
      h('ul', ['\n', h('li', ' one '), '\n']),
    ];
    const shared = page(tree());
    const before = structuredClone(shared.ast);
    const copied = pageMarkdown(shared as never, { siteUrl: site });
    expect(shared.ast).toEqual(before);
    expect(copied).toBe('# Guide\n\n> What the guide says.\n\nPay `x` then wait.\n\n- one\n');
  });

  it('keeps the space between inline elements and drops it between blocks (minified by element kind)', () => {
    const out = md([
      h('div', [
        h('p', [h('em', 'one'), ' ', h('strong', 'two'), ' ', h('code', 'three'), 'x', h('span', ' y '), 'z']),
        '\n  ',
        h('p', 'four'),
      ]),
    ]);
    expect(out).toBe('# Guide\n\n> What the guide says.\n\n_one_ **two** `three`x y z\n\nfour\n');
  });

  it('keeps code in the description as code, not escaped backticks', () => {
    const out = pageMarkdown({ ...page([]), description: 'The v2 `error.code` and the v1 `error_code`.' } as never, {
      siteUrl: site,
    });
    expect(out).toBe('# Guide\n\n> The v2 `error.code` and the v1 `error_code`.\n');
    const llms = llmsTxt({
      siteTitle: 'D',
      siteUrl: site,
      summary: 'S.',
      sidebar: [],
      pages: [{ route: '/a', title: 'A', description: 'Uses `x_y`.' }],
    });
    expect(llms).toContain(`- [A](${site}/a.md): Uses \`x_y\`.`);
  });

  it('makes links absolute, same-page anchors included', () => {
    const out = md([
      h('p', [
        h('a', { href: '/api/v2/list' }, 'list'),
        ' ',
        h('a', { href: '#setup' }, 'setup'),
        ' ',
        h('a', { href: 'https://x.example/' }, 'x'),
      ]),
    ]);
    expect(out).toContain(`[list](${site}/api/v2/list) [setup](${site}/guide#setup) [x](https://x.example/)`);
    expect(absoluteUrl('#a', site, '/')).toBe(`${site}/#a`);
  });

  it('writes an anchor without href (raw <a name>) as its text, not as a link to nowhere', () => {
    const out = md([h('p', [h('a', { name: 'user-content-limits' }, 'Limits'), ' apply.'])]);
    expect(out).toBe('# Guide\n\n> What the guide says.\n\nLimits apply.\n');
  });

  it('turns a generated code block into a fenced block with its language and title', () => {
    const block = h('div.code-block', { dataLang: 'json' }, [
      h('div.code-title', 'Success'),
      h('pre', h('code.hljs.language-json', [h('span.hljs-attr', '"a"'), ': 1'])),
    ]);
    expect(md([block])).toContain('```json title="Success"\n"a": 1\n```');
  });

  it('lays tabs out one after another, each under its label', () => {
    const tabs = h('div.tabs', { dataGroup: 'lang' }, [
      h('div.tab-panel', { dataLabel: 'cURL' }, h('div.code-block', h('pre', h('code.language-bash', 'curl x')))),
      h('div.tab-panel', { dataLabel: 'Python' }, h('div.code-block', h('pre', h('code.language-python', 'print(1)')))),
    ]);
    expect(md([tabs])).toContain('**cURL**\n\n```bash\ncurl x\n```\n\n**Python**\n\n```python\nprint(1)\n```');
  });

  it('keeps the boxes of a table cell apart with <br>, lists included', () => {
    const table = h('table', [
      h('thead', h('tr', [h('th', 'Name'), h('th', 'Description')])),
      h(
        'tbody',
        h('tr', [
          h('td', h('code', 'mode')),
          h('td', [
            h('span', 'How.'),
            h('span.field-constraints', 'up to 8 characters'),
            h('ul.field-enum', [h('li', [h('code', 'a'), ' — first']), h('li', [h('code', 'b'), ' — second'])]),
            h('span.field-example', ['Example: ', h('code', 'a')]),
          ]),
        ]),
      ),
    ]);
    expect(md([table])).toContain(
      '| `mode` | How.<br>up to 8 characters<br>`a` — first<br>`b` — second<br>Example: `a` |',
    );
  });

  it('writes a data sheet as a list of terms and a badge row with separators', () => {
    const card = h('div.method-card', [
      h('div.method-card-head', [h('span.method-card-name', 'PIX'), h('span.badge', 'Payin'), h('span.badge', 'Live')]),
      h('dl.method-facts', [
        h('div.method-fact', [h('dt', 'Service'), h('dd', h('code', 'pix'))]),
        h('div.method-fact', [h('dt', 'Countries'), h('dd', 'Brazil (BR)')]),
      ]),
    ]);
    expect(md([card])).toContain('PIX · Payin · Live\n\n- **Service:** `pix`\n- **Countries:** Brazil (BR)\n');
  });

  it('writes an admonition as a quote that opens with its title', () => {
    const note = h('aside.admonition.admonition-note', [
      h('p.admonition-title', 'Frozen'),
      h('p', 'v1 gets no new features.'),
    ]);
    expect(md([note])).toContain('> **Frozen**\n>\n> v1 gets no new features.');
  });

  it('the round-trip check notices a lost or garbled word', () => {
    const ast = { type: 'root', children: [h('p', 'Alpha beta gamma.'), h('p', 'Delta.')] };
    expect(compareTwin(ast, '# T\n\nAlpha beta gamma.\n\nDelta.\n')).toEqual({ missing: [], extra: 1 });
    expect(compareTwin(ast, '# T\n\nAlpha gamma.\n\nDelta.\n').missing).toEqual(['Alphabetagamma']);
    expect(compareTwin(ast, '# T\n\nDelta.\n\nAlpha beta gamma.\n').missing).toEqual(['Delta']);
  });
});

describe('llms.txt', () => {
  const sidebar = [
    {
      type: 'category' as const,
      label: 'Start',
      items: [
        { type: 'link' as const, label: 'Home', href: '/' },
        { type: 'link' as const, label: 'Guide', href: '/guide' },
      ],
    },
    {
      type: 'category' as const,
      label: 'API',
      href: '/api',
      items: [
        {
          type: 'category' as const,
          label: 'Nested',
          items: [{ type: 'link' as const, label: 'List', href: '/api/list' }],
        },
      ],
    },
  ];
  const pages = ['/', '/guide', '/api', '/api/list', '/hidden'].map((route) => ({
    route,
    title: `T ${route}`,
    description: `About ${route}.`,
  }));

  it('groups pages by top-level category in sidebar order, the rest last', () => {
    expect(sections(sidebar, pages).map((s) => [s.title, s.pages.map((p) => p.route)])).toEqual([
      ['Start', ['/', '/guide']],
      ['API', ['/api', '/api/list']],
      [OTHER_PAGES, ['/hidden']],
    ]);
  });

  it('is an H1, a quoted summary and link lists under H2s', () => {
    const out = llmsTxt({ siteTitle: 'Docs', siteUrl: `${site}/`, summary: 'A site.', sidebar, pages });
    expect(out.startsWith('# Docs\n\n> A site.\n')).toBe(true);
    expect(out).toContain(
      `## Start\n\n- [T /](${site}/index.md): About /.\n- [T /guide](${site}/guide.md): About /guide.\n`,
    );
    expect(out).toContain(`## ${OTHER_PAGES}\n\n- [T /hidden](${site}/hidden.md): About /hidden.\n`);
  });
});

describe('API ids', () => {
  it('puts an operation in its API by path', () => {
    expect(apiIdOf({ path: '/v2/reports/create', version: 'v2' })).toBe('reports-v2');
    expect(apiIdOf({ path: '/v1/transaction/find', version: 'v1' })).toBe('v1');
  });
});
