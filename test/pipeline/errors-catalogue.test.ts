/**
 * docs/errors.md is generated from the rule registry (pipeline/rules.ts); the registry
 * is complete because `Diagnostic.rule` is typed from it (an unregistered id fails typecheck).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../helpers.ts';
import { errorsDoc } from '../../pipeline/rules-doc.ts';
import { RULE_AREAS, rules } from '../../pipeline/rules.ts';
import { fileRules } from '../../pipeline/rules/content-files.ts';
import { configRules } from '../../pipeline/rules/config.ts';
import { crossCheckRules } from '../../pipeline/rules/cross-check.ts';
import { identifierRules } from '../../pipeline/rules/identifiers.ts';
import { markdownRules } from '../../pipeline/rules/markdown.ts';
import { buildRules } from '../../pipeline/rules/build.ts';
import { diagramRules } from '../../pipeline/rules/diagrams.ts';
import { factsOnceRules } from '../../pipeline/rules/facts-once.ts';
import { lifecycleRules } from '../../pipeline/rules/lifecycle.ts';
import { formatDiagnostic, type Diagnostic } from '../../pipeline/diagnostics.ts';

describe('docs/errors.md', () => {
  it('is the text generated from the registry (run `npm run docs:errors` after editing pipeline/rules.ts)', () => {
    expect(readFileSync(path.join(projectRoot, 'docs/errors.md'), 'utf8')).toBe(errorsDoc());
  });

  it('declares each rule id in one area only (a second declaration would silently replace the first)', () => {
    const areas = [
      fileRules,
      configRules,
      crossCheckRules,
      identifierRules,
      markdownRules,
      buildRules,
      diagramRules,
      factsOnceRules,
      lifecycleRules,
    ].flatMap((area) => Object.keys(area));
    expect(areas.length).toBe(Object.keys(rules).length);
  });

  it('gives every rule its own heading (its anchor), with what, why and fix', () => {
    const doc = errorsDoc();
    const headings = [...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings.sort()).toEqual(Object.keys(rules).sort());
    for (const [id, info] of Object.entries(rules)) {
      expect(info.area in RULE_AREAS, id).toBe(true);
      for (const text of [info.summary, info.why, info.fix]) expect(text.trim(), id).not.toBe('');
    }
  });
});

// `npm run typecheck` fails if an unregistered rule id stops being an error.
// @ts-expect-error: 'no-such-rule' is not in pipeline/rules.ts
const unregistered: Diagnostic = { file: 'content/a.md', message: 'x', rule: 'no-such-rule' };
void unregistered;

describe('a diagnostic without a hint', () => {
  it("shows its rule's fix from the registry, and the rule's entry in docs/errors.md", () => {
    const out = formatDiagnostic(
      { file: 'content/a.md', line: 3, message: 'Expected min ≤ max, found 5 > 1', rule: 'method-limits' },
      false,
    );
    expect(out).toBe(
      `content/a.md:3 error Expected min ≤ max, found 5 > 1 [method-limits]\n` +
        `  → ${rules['method-limits'].fix}\n  see docs/errors.md#method-limits`,
    );
  });
});
