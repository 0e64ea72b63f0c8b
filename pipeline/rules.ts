/**
 * Every rule a diagnostic can name, declared once (by area, in pipeline/rules/):
 * what it means, why paydocs checks it, how to fix it. `Diagnostic.rule` is typed
 * from the keys, so a rule id that is not registered fails typecheck; docs/errors.md
 * is generated from this table (`npm run docs:errors`, pipeline/rules-doc.ts), one
 * heading per rule, so `docs/errors.md#<rule id>` is each rule's anchor.
 */
import type { RuleInfo } from './rules/area.ts';
import { fileRules } from './rules/content-files.ts';
import { configRules } from './rules/config.ts';
import { crossCheckRules } from './rules/cross-check.ts';
import { markdownRules } from './rules/markdown.ts';
import { buildRules } from './rules/build.ts';
import { identifierRules } from './rules/identifiers.ts';
import { diagramRules } from './rules/diagrams.ts';
import { factsOnceRules } from './rules/facts-once.ts';
import { lifecycleRules } from './rules/lifecycle.ts';

export { RULE_AREAS, type RuleArea, type RuleInfo } from './rules/area.ts';

export const rules = {
  ...fileRules,
  ...configRules,
  ...crossCheckRules,
  ...factsOnceRules,
  ...lifecycleRules,
  ...identifierRules,
  ...markdownRules,
  ...buildRules,
  ...diagramRules,
} satisfies Record<string, RuleInfo>;

/** A registered rule id: the type of `Diagnostic.rule`. */
export type RuleId = keyof typeof rules;
