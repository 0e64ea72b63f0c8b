/**
 * Control characters written as YAML escapes (`"\u0000"`, `"\x1b[31m"`, `"\e"`) are valid bytes in
 * the file, so the raw-character check (pipeline/content/characters.ts) does not see them: once
 * parsed they are named like the raw ones, with the file, line, field and the character.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent } from '../../pipeline/content/validate.ts';
import { fixtureCopy, fixtureRoot, pageText } from '../helpers.ts';

const statuses = readFileSync(`${fixtureRoot}/content/data/transaction_statuses.yaml`, 'utf8');

describe('control characters written as YAML escapes', () => {
  it('are named in frontmatter and YAML files, each with its file, line, field and character', async () => {
    const site = await fixtureCopy({
      'content/a.md': pageText(
        'title: "A\\u0000"\ndescription: "A description that is \\u001b[31mred\\u001b[0m."\n' +
          'keywords: [ok, "bell\\x07"]',
      ),
      'content/b.md': pageText('title: B\ndescription: A description that is long enough.\nkeywords: [b]\n"\\e": 1'),
      'content/data/transaction_statuses.yaml': statuses.replace('label: Created', 'label: "Created\\u202e"'),
    });
    try {
      const { diagnostics } = validateContent(await loadContent(site.root));
      const found = diagnostics
        .filter((d) => d.rule === 'control-character')
        .map((d) => `${d.file}:${d.line} ${d.field} ${d.message}`)
        .sort();
      expect(found).toEqual([
        'content/a.md:2 title Expected text without control characters, ' +
          'found U+0000 (NUL), written as a YAML escape ("\\u0000")',
        'content/a.md:3 description Expected text without control ' +
          'characters, found U+001B (ESC), written as a YAML escape ("\\u001b")',
        'content/a.md:4 keywords[1] Expected text without control ' +
          'characters, found U+0007 (BEL), written as a YAML escape ("\\u0007")',
        'content/b.md:5 \\u001b Expected a key without control characters, ' +
          'found U+001B (ESC), written as a YAML escape ("\\u001b")',
        'content/data/transaction_statuses.yaml:4 [0].label Expected text without control ' +
          'characters, found U+202E (bidirectional override), written as a YAML escape ("\\u202e")',
      ]);
    } finally {
      await site.cleanup();
    }
  });

  it('escapes of visible text and of tab and line breaks pass', async () => {
    const site = await fixtureCopy({
      'content/a.md': pageText(
        'title: "Caf\\u00e9"\ndescription: "Two lines:\\nthe second\\tafter a tab."\nkeywords: [a]',
      ),
    });
    try {
      const { diagnostics } = validateContent(await loadContent(site.root));
      expect(diagnostics).toEqual([]);
    } finally {
      await site.cleanup();
    }
  });
});
