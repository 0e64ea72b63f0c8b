/**
 * Links in content/site.yaml reach every page: they follow the same URL rules as
 * Markdown (issue 13). javascript: and other schemes, and external social images
 * where a site path is expected, are named errors with file, line and field.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { fixtureCopy, fixtureRoot } from '../helpers.ts';

const siteYaml = readFileSync(path.join(fixtureRoot, 'content/site.yaml'), 'utf8');

async function problems(edit: Record<string, string>) {
  const site = await fixtureCopy(edit);
  try {
    return validateContent(await loadContent(site.root)).diagnostics.map((d) => ({
      file: d.file,
      line: d.line,
      field: d.field,
      rule: d.rule,
      message: d.message,
    }));
  } finally {
    await site.cleanup();
  }
}

describe('URLs in the site config', () => {
  it('a javascript: navbar href and a javascript: link in the announcement bar are refused', async () => {
    const yaml = siteYaml
      .replace('href: "https://help.paydocs.example/"', 'href: "javascript:alert(document.cookie)"')
      .replace('[introduction](/introduction)', '[introduction](JavaScript:alert(1))');
    const found = await problems({ 'content/site.yaml': yaml });
    expect(found).toEqual([
      expect.objectContaining({
        file: 'content/site.yaml',
        line: 24,
        field: 'navbar.items[1].href',
        rule: 'site-config',
        message: expect.stringMatching(/^Expected an http\(s\) URL/),
      }),
      expect.objectContaining({
        file: 'content/site.yaml',
        line: 30,
        field: 'announcementBar.content',
        rule: 'site-config',
        message: 'Expected links "[label](target)" to a route (/…) or an http(s) URL, found "JavaScript:alert(1"',
      }),
    ]);
  });

  it('an external social image where a site path is expected is refused, in config and frontmatter', async () => {
    const found = await problems({
      'content/site.yaml': siteYaml.replace('image: /img/social-card.png', 'image: https://cdn.evil.example/card.png'),
      'content/extra.md':
        '---\ntitle: Extra\ndescription: A page with a social image on another host.\nkeywords: [x]\n' +
        'image: //cdn.evil.example/card.png\n---\nText.\n',
    });
    expect(found.map((d) => [d.file, d.line, d.field, d.rule])).toEqual([
      ['content/site.yaml', 11, 'image', 'site-config'],
      ['content/extra.md', 5, 'image', 'frontmatter'],
    ]);
  });

  it('the fixture config, with route and https links, is valid', async () => {
    expect(await problems({})).toEqual([]);
  });
});
