import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../helpers.ts';

/** Every rule id the pipeline can report, found in its source. */
function rulesInCode(): Set<string> {
  const rules = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts')) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/rule: '([a-z-]+)'/g)) rules.add(m[1]);
        for (const m of text.matchAll(/report\('([a-z-]+)'/g)) rules.add(m[1]);
        for (const m of text.matchAll(/yamlFile\([^;]*?, '([a-z-]+)', memo/g)) rules.add(m[1]);
        for (const m of text.matchAll(/, '([a-z]+(?:-[a-z]+)+)'(?:, [^)]*)?\);/g)) if (file.endsWith('cross-check.ts')) rules.add(m[1]);
      }
    }
  };
  walk(path.join(projectRoot, 'pipeline'));
  // `${name}-reference` rules of the inline data references.
  for (const name of ['status', 'error', 'reason']) rules.add(`${name}-reference`);
  return rules;
}

describe('docs/errors.md', () => {
  it('documents every rule the pipeline reports, and no other', () => {
    const doc = readFileSync(path.join(projectRoot, 'docs/errors.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]));
    expect([...rulesInCode()].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !rulesInCode().has(r))).toEqual([]);
  });
});
