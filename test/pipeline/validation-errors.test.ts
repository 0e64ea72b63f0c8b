import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/build.ts';
import type { BuildError, Diagnostic } from '../../pipeline/diagnostics.ts';
import { buildProblems as problems, fixtureCopy, fixtureRoot, pageText as page } from '../helpers.ts';
import path from 'node:path';
import { loadContent, reloadContent, sha, type ContentSet } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { createStageMemo, memoryStore, type StageMemo } from '../../pipeline/incremental/memo.ts';
import { diskStore } from '../../pipeline/incremental/pack-store.ts';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';

describe('validation reports precise, actionable errors', () => {
  it('the fixture site is valid', async () => {
    expect(await problems({})).toEqual([]);
  });

  it('bad YAML names the file and line', async () => {
    const d = await problems({ 'content/bad.md': page('title: A page\ndescription: [unclosed\nkeywords: [x]') });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ file: 'content/bad.md', rule: 'yaml-syntax' });
    // The line that opened the `[`, not the next one, where the parser noticed it was not closed.
    expect(d[0].line).toBe(3);
    expect(d[0].message).toMatch(/Invalid YAML/);
    const quote = await problems({
      'content/bad.md': page('title: "A page\ndescription: A description that is long enough.\nkeywords: [x]'),
    });
    expect(quote).toEqual([
      expect.objectContaining({
        file: 'content/bad.md',
        line: 2,
        rule: 'yaml-syntax',
        message: 'Invalid YAML: Missing closing "quote',
      }),
    ]);
  });

  it('an alias bomb in frontmatter is a YAML error, not a crash or a hang', async () => {
    // Nine levels of nine aliases: 387 million strings if expanded.
    const levels = 'abcdefgh'.split('').map(
      (name, i) =>
        `${name}: &${name} [${Array(9)
          .fill(i ? `*${'abcdefgh'[i - 1]}` : '"lol"')
          .join(', ')}]`,
    );
    const d = await problems({
      'content/bomb.md': page(
        ['title: A page', 'description: A description that is long enough.', 'keywords: [x]', ...levels].join('\n'),
      ),
    });
    expect(d).toEqual([
      expect.objectContaining({
        file: 'content/bomb.md',
        line: 2,
        rule: 'yaml-syntax',
        message: expect.stringMatching(/^Invalid YAML: Excessive alias count/),
      }),
    ]);
  });

  it('YAML nested thousands of levels deep is a YAML error in words, not a stack overflow', async () => {
    const d = await problems({
      'content/deep.md': page(
        `title: A page\ndescription: A description that is long ` +
          `enough.\nkeywords: ${'['.repeat(5000)}x${']'.repeat(5000)}`,
      ),
    });
    expect(d).toEqual([
      expect.objectContaining({
        file: 'content/deep.md',
        line: 4,
        rule: 'yaml-syntax',
        message: 'Invalid YAML: nested too deeply to read (hundreds of levels of lists or maps)',
      }),
    ]);
  });

  it('a sidebar hundreds deep is one problem; thousands of levels of YAML maps: a YAML error, no crash', async () => {
    const nested = (levels: number) => {
      let text = 'docs:\n';
      let indent = '  ';
      for (let i = 0; i < levels; i++) {
        text += `${indent}- type: category\n${indent}  label: L${i}\n${indent}  items:\n`;
        indent += '    ';
      }
      return `${text}${indent}- /introduction\n  - /\n`;
    };
    // 250 levels rendered overflowed React's stack; 3,000 overflowed the YAML parser's.
    expect(await problems({ 'content/sidebars.yaml': nested(250) })).toEqual([
      {
        file: 'content/sidebars.yaml',
        rule: 'sidebar-depth',
        message:
          'Expected categories nested at most 10 deep, found 250 (under "L0" ' +
          '› "L1" › "L2" › "L3" › "L4" › "L5" › "L6" › "L7" › "L8" › "L9")',
        hint: expect.stringMatching(/^Flatten the sidebar/),
      },
    ]);
    expect(await problems({ 'content/sidebars.yaml': nested(3000) })).toEqual([
      expect.objectContaining({
        file: 'content/sidebars.yaml',
        line: 1,
        rule: 'yaml-syntax',
        message: 'Invalid YAML: nested too deeply to read (hundreds of levels of lists or maps)',
      }),
    ]);
    expect(await problems({ 'content/sidebars.yaml': nested(10) })).toEqual([]);
  }, 60_000);

  it('a wrong field type names file, line, field and what was expected', async () => {
    const d = await problems({
      'content/bad.md': page(
        'title: A page about types\ndescription: A description that is long enough.\nkeywords: not-a-list',
      ),
    });
    expect(d).toEqual([
      expect.objectContaining({
        file: 'content/bad.md',
        line: 4,
        field: 'keywords',
        message: 'Expected array, found "not-a-list"',
      }),
    ]);
  });

  it('a blank title or description is one problem, not a length problem as well', async () => {
    const d = await problems({ 'content/bad.md': page('title: ""\ndescription: "   "\nkeywords: [x]') });
    expect(d.map((x) => `${x.line} ${x.field}: ${x.message}`)).toEqual([
      '2 title: Expected text with visible characters, not only spaces, found ""',
      '3 description: Expected text with visible characters, not only spaces, found "   "',
    ]);
  });

  it('an unknown kind lists the valid kinds', async () => {
    const d = await problems({
      'content/bad.md': page('kind: blog\ntitle: T\ndescription: A description that is long enough.\nkeywords: [x]'),
    });
    expect(d[0].message).toMatch(
      /Expected "kind" to be one of doc, api-operation, payment-method, payment-group, reference-table, found "blog"/,
    );
  });

  it('a misspelled field is reported as unknown', async () => {
    const d = await problems({
      'content/bad.md': page(
        'title: T\ndescripton: A description that is long enough.\n' +
          'description: A description that is long enough.\nkeywords: [x]',
      ),
    });
    expect(d[0]).toMatchObject({ field: 'descripton', line: 3 });
    expect(d[0].message).toBe('Unknown field "descripton"');
  });

  it('a broken link names the source file, line and link', async () => {
    const d = await problems({
      'content/bad.md': page(
        'title: T\ndescription: A description that is long enough.\nkeywords: [x]',
        'First line.\n\nSee [the missing page](/api/v2/transaction/missing).',
      ),
    });
    expect(d).toEqual([expect.objectContaining({ file: 'content/bad.md', line: 8, rule: 'broken-link' })]);
    expect(d[0].message).toContain('/api/v2/transaction/missing');
  });

  it('a page that does not validate is reported once: links and sidebar entries naming it are not too', async () => {
    const intro = (await import('node:fs')).readFileSync(
      new URL('../fixtures/site/content/introduction.md', import.meta.url),
      'utf8',
    );
    const invalid = await problems({
      'content/introduction.md': intro.replace('title: Introduction', 'title: [Introduction'),
    });
    expect(invalid).toEqual([expect.objectContaining({ file: 'content/introduction.md', rule: 'yaml-syntax' })]);
    const withNul = await problems({ 'content/introduction.md': intro.replace('Every merchant', 'Every\0 merchant') });
    expect(withNul).toEqual([expect.objectContaining({ file: 'content/introduction.md', rule: 'control-character' })]);
    // A page that is not there at all still breaks them: two links and the sidebar entry.
    const deleted = await problems({ 'content/introduction.md': null });
    expect(deleted.map((x) => `${x.file} ${x.rule}`).sort()).toEqual([
      'content/api/v2/transaction/create.md broken-link',
      'content/index.md broken-link',
      'content/sidebars.yaml sidebar-entry',
    ]);
  });

  it("a path that cannot be a clean URL is refused with the name to give it; links to it aren't reported", async () => {
    const ok = page(
      'title: T\ndescription: A description that is long enough.\nkeywords: [x]',
      'See [the other](</My Guides/v1.2>).',
    );
    const d = await problems({
      'content/Intro Page #1?.md': ok,
      'content/My Guides/v1.2.md': ok,
      'content/fine_name-2.md': ok,
    });
    expect(d).toEqual([
      {
        file: 'content/Intro Page #1?.md',
        line: 1,
        rule: 'route-name',
        message:
          'Expected a path of lowercase letters, digits, "-" and "_" (it is the page\'s URL), found "/Intro Page #1?"',
        hint: 'Rename it to content/intro-page-1.md, and update the links to it.',
      },
      {
        file: 'content/My Guides/v1.2.md',
        line: 1,
        rule: 'route-name',
        message:
          'Expected a path of lowercase letters, digits, "-" and "_" (it is the page\'s URL), found "/My Guides/v1.2"',
        hint: 'Rename it to content/my-guides/v1-2.md, and update the links to it.',
      },
    ]);
  });

  it('a page in a folder the build fills (assets/, _data/) is refused; links to it are not reported', async () => {
    const ok = page(
      'title: T\ndescription: A description that is long enough.\nkeywords: [x]',
      'See [the other](/_data/notes).',
    );
    const d = await problems({ 'content/assets.md': ok, 'content/_data/notes.md': ok, 'content/assets_guide.md': ok });
    expect(d).toEqual([
      {
        file: 'content/_data/notes.md',
        line: 1,
        rule: 'route-reserved',
        message: 'Expected a path outside the build\'s folders (assets/, _data/), found "/_data/notes"',
        hint: 'Move it out of content/_data/ (the build writes dist/_data/ itself), and update the links to it.',
      },
      {
        file: 'content/assets.md',
        line: 1,
        rule: 'route-reserved',
        message: 'Expected a path outside the build\'s folders (assets/, _data/), found "/assets"',
        hint: 'Rename it (the build writes dist/assets/ itself), and update the links to it.',
      },
    ]);
  });

  it('a link or pipe named like content is refused by name, not followed or read; not in content/public', async () => {
    const site = await fixtureCopy({
      'shared/x.md': page('title: X\ndescription: A description that is long enough.\nkeywords: [x]'),
      'shared/logo.svg': '<svg/>',
    });
    try {
      const content = path.join(site.root, 'content');
      await symlink('../introduction.md', path.join(content, 'reference/intro.md'));
      await symlink('../shared', path.join(content, 'guides'));
      // not a content file's name: ignored, as a real one would be
      await symlink('../shared/logo.svg', path.join(content, 'notes.svg'));
      await symlink('../../shared/logo.svg', path.join(content, 'public/logo.svg'));
      execFileSync('mkfifo', [path.join(content, 'pipe.md')]);
      await symlink('self.md', path.join(content, 'self.md')); // a loop: stat says ELOOP
      let d: Diagnostic[] = [];
      await buildSite({ root: site.root, cacheDir: false, pool: false }).catch((e) => {
        d = (e as BuildError).diagnostics;
      });
      const hint = (what: string) =>
        `Put the ${what} itself here (move or copy it): the build reads only ` +
        'real files in content/, and follows links only in content/public/.';
      expect(d).toEqual([
        {
          file: 'content/guides',
          rule: 'not-a-file',
          message: 'Expected a folder, found a link to ../shared',
          hint: hint('folder'),
        },
        {
          file: 'content/pipe.md',
          rule: 'not-a-file',
          message: 'Expected a file, found a named pipe',
          hint: hint('file'),
        },
        {
          file: 'content/reference/intro.md',
          rule: 'not-a-file',
          message: 'Expected a file, found a link to ../introduction.md',
          hint: hint('file'),
        },
        {
          file: 'content/self.md',
          rule: 'not-a-file',
          message: 'Expected a file, found a link to self.md',
          hint: hint('file'),
        },
      ]);

      // The dev server's reload reads a changed entry the same way: a link there is listed, not followed.
      const loaded = await loadContent(site.root);
      await rm(path.join(content, 'pipe.md'));
      await symlink('../introduction.md', path.join(content, 'pipe.md'));
      const reloaded = await reloadContent(loaded, [path.join(content, 'pipe.md')]);
      expect(reloaded.unread.map((u) => [u.relFile, u.found])).toEqual([
        ['content/guides', 'a link to ../shared'],
        ['content/pipe.md', 'a link to ../introduction.md'],
        ['content/reference/intro.md', 'a link to ../introduction.md'],
        ['content/self.md', 'a link to self.md'],
      ]);
      expect(reloaded.pages.some((p) => p.route === '/pipe')).toBe(false);
      await rm(path.join(content, 'pipe.md'));
      await writeFile(
        path.join(content, 'pipe.md'),
        page('title: P\ndescription: A description that is long enough.\nkeywords: [x]'),
      );
      const fixed = await reloadContent(reloaded, [path.join(content, 'pipe.md')]);
      expect(fixed.unread.map((u) => u.relFile)).toEqual([
        'content/guides',
        'content/reference/intro.md',
        'content/self.md',
      ]);
      expect(fixed.pages.some((p) => p.route === '/pipe')).toBe(true);
    } finally {
      await site.cleanup();
    }
  });

  it('a broken anchor on an existing page is ignored', async () => {
    const d = await problems({
      'content/bad.md': page(
        'title: T\ndescription: A description that is long enough.\nkeywords: [x]',
        'See [intro](/introduction#no-such-heading).',
      ),
    });
    expect(d).toEqual([]);
  });

  it('an empty body is an error', async () => {
    const d = await problems({
      'content/bad.md': page('title: T\ndescription: A description that is long enough.\nkeywords: [x]', '   '),
    });
    expect(d).toEqual([expect.objectContaining({ file: 'content/bad.md', rule: 'empty-body' })]);
  });

  it('codes are checked against ISO and the data files', async () => {
    const payin = (await import('node:fs')).readFileSync(
      new URL('../fixtures/site/content/services/pix/payin.md', import.meta.url),
      'utf8',
    );
    const d = await problems({
      'content/services/pix/payin.md': payin.replace('currencies: [BRL]', 'currencies: [BRR]'),
    });
    expect(
      d.some((x) => x.field === 'method.currencies[0]' && /ISO 4217/.test(x.message) && /BRR/.test(x.message)),
    ).toBe(true);
  });
});

describe('validation through the stage memo', () => {
  const withPage = (content: ContentSet, text: string): ContentSet => ({
    ...content,
    pages: [
      ...content.pages,
      {
        file: path.join(content.contentDir, 'edited.md'),
        relFile: 'content/edited.md',
        route: '/edited',
        text,
        hash: sha(text),
      },
    ],
  });
  const misses = (memo: StageMemo) => memo.stats.get('validate-frontmatter')?.misses ?? 0;

  it("a body edit reads no frontmatter again; its problems keep their lines, the body's are found anew", async () => {
    const content = await loadContent(fixtureRoot);
    const memo = createStageMemo(memoryStore(), 'test');
    const bad = 'title: A page about types\ndescription: A description that is long enough.\nkeywords: not-a-list';
    const first = validateContent(withPage(content, page(bad)), memo);
    expect(first.diagnostics).toEqual([
      expect.objectContaining({ file: 'content/edited.md', line: 4, field: 'keywords' }),
    ]);
    expect(misses(memo)).toBe(content.pages.length + 1);

    memo.resetStats();
    const again = validateContent(withPage(content, page(bad, 'A longer body.\n\nWith a second paragraph.')), memo);
    expect(misses(memo)).toBe(0);
    // In memory (dev) every unchanged page is taken whole: a save cuts no other file again.
    expect(memo.stats.get('validate-page')).toEqual({ hits: content.pages.length, misses: 1 });
    expect(again.diagnostics).toEqual(first.diagnostics);

    const good = 'title: A page about types\ndescription: A description that is long enough.\nkeywords: [types]';
    expect(validateContent(withPage(content, page(good)), memo).diagnostics).toEqual([]);
    memo.resetStats();
    const emptied = validateContent(withPage(content, `---\n${good}\n---\n\n`), memo);
    expect(misses(memo)).toBe(0);
    expect(emptied.diagnostics).toEqual([
      expect.objectContaining({ file: 'content/edited.md', line: 5, rule: 'empty-body' }),
    ]);
    const edited = validateContent(withPage(content, page(good, 'Text.')), memo).site!.pages.find(
      (p) => p.route === '/edited',
    )!;
    expect(edited).toMatchObject({ body: '\nText.\n', bodyLine: 5, frontmatter: { keywords: ['types'] } });
    expect(edited.lineOf(['keywords'])).toBe(4);
  });

  it("keeps every page's frontmatter through a prune: the next body edit of any page reads no YAML", async () => {
    const content = await loadContent(fixtureRoot);
    const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-validate-'));
    try {
      const open = () => createStageMemo(diskStore(dir), 'test');
      validateContent(content, open());
      // A build that changed nothing: every page from the page-level memo, then the prune.
      const unchanged = open();
      validateContent(content, unchanged);
      unchanged.prune();
      const page = content.pages[0];
      const text = `${page.text}\nAn edit of the body.\n`;
      const memo = open();
      validateContent({ ...content, pages: [{ ...page, text, hash: sha(text) }, ...content.pages.slice(1)] }, memo);
      expect(misses(memo)).toBe(0);
      // On disk only the frontmatter's values are kept: a page's own value would hold its body.
      expect(diskStore(dir).keys!('validate-frontmatter').length).toBeGreaterThan(0);
      expect(diskStore(dir).keys!('validate-page')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
