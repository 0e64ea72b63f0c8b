/**
 * docs/errors.md, generated from the rule registry (pipeline/rules.ts) by
 * `npm run docs:errors`; a test keeps the committed file equal to this text.
 */
import { RULE_AREAS, rules, type RuleArea, type RuleInfo } from './rules.ts';

const INTRO = `# Error catalogue

<!-- Generated from pipeline/rules.ts by \`npm run docs:errors\`: edit the rules there, not this file. -->

Every problem \`paydocs check\`, \`paydocs build\` and \`paydocs dev\` report has a rule id,
printed at the end of its line: \`content/a.md:4 error keywords: Expected array, found "x" [frontmatter]\`,
with the fix and the rule's \`docs/errors.md#<rule>\` below it.
All problems of a run are reported together (a page whose frontmatter fails has its Markdown checked too);
a failed build never changes \`dist/\`.
Each rule below has its own heading, so \`docs/errors.md#<rule>\` links to it.`;

export function errorsDoc(): string {
  const byArea = new Map<RuleArea, [string, RuleInfo][]>();
  for (const [id, info] of Object.entries(rules) as [string, RuleInfo][])
    byArea.set(info.area, [...(byArea.get(info.area) ?? []), [id, info]]);
  const parts = [INTRO];
  for (const [area, title] of Object.entries(RULE_AREAS) as [RuleArea, string][]) {
    const list = byArea.get(area);
    if (!list) continue;
    parts.push(`## ${title}`);
    for (const [id, info] of list)
      parts.push(`### ${id}\n\n${info.summary}\n\n**Why:** ${info.why}\n\n**Fix:** ${info.fix}${judged(info)}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** Where a rule's problems are counted instead of listed (pipeline/content/follow-on.ts). */
function judged(info: RuleInfo): string {
  if (!info.judgedAgainst) return '';
  const files = info.judgedAgainst.map((s) => (s.startsWith('/') ? `the page ${s}` : `content/data/${s}.yaml`));
  return (
    `\n\n**Judged against** ${files.join(' and ')}: while ${files.length > 1 ? 'one of them does' : 'it does'} ` +
    'not validate, these problems are counted on it in one line, and listed once it validates.'
  );
}
