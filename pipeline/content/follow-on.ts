/**
 * Problems that follow from a file that did not validate. A rule judged against a data file
 * or a page (its `judgedAgainst`, pipeline/rules/) cannot judge while that file fails: a data
 * file that fails leaves all its rows out, so every reference to any of them is "unknown" (one
 * typo in transaction_statuses.yaml was followed by 1,598 status-reference problems). Those
 * problems are counted on the file that failed, one line per rule, and listed once it validates.
 */
import { rules, type RuleInfo } from '../rules.ts';
import type { RuleSource } from '../rules/area.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { ContentSet } from './load.ts';
import type { SiteModel } from './validate.ts';

/** The sources that did not validate, each with its file. */
function failedSources(
  site: Pick<SiteModel, 'invalidData' | 'invalidRoutes'>,
  content: Pick<ContentSet, 'pages'>,
): Map<RuleSource, string> {
  const failed = new Map<RuleSource, string>();
  for (const { name, relFile } of site.invalidData) failed.set(name, relFile);
  for (const route of site.invalidRoutes) {
    const page = content.pages.find((p) => p.route === route);
    if (page) failed.set(route as RuleSource, page.relFile);
  }
  return failed;
}

export function withoutFollowOn(
  diagnostics: Diagnostic[],
  site: Pick<SiteModel, 'invalidData' | 'invalidRoutes'>,
  content: Pick<ContentSet, 'pages'>,
): Diagnostic[] {
  const failed = failedSources(site, content);
  if (!failed.size) return diagnostics;
  const kept: Diagnostic[] = [];
  /** Held problems by the failed file and rule. */
  const held = new Map<string, { file: string; rule: Diagnostic['rule']; files: Set<string>; count: number }>();
  for (const d of diagnostics) {
    const sources = (rules[d.rule] as RuleInfo).judgedAgainst ?? [];
    const file = sources.map((s) => failed.get(s)).find((f) => f !== undefined && f !== d.file);
    if (!file) {
      kept.push(d);
      continue;
    }
    const key = `${file}\0${d.rule}`;
    const group = held.get(key) ?? { file, rule: d.rule, files: new Set(), count: 0 };
    group.files.add(d.file);
    group.count++;
    held.set(key, group);
  }
  for (const { file, rule, files, count } of held.values()) {
    kept.push({
      file,
      rule,
      message:
        `${count.toLocaleString('en')} ${rule} problem${count === 1 ? '' : 's'} in ${files.size} ` +
        `file${files.size === 1 ? '' : 's'} not listed: they are judged against this file, which does not ` +
        'validate',
      hint: "Fix this file's own problems first: the next run lists those that remain.",
    });
  }
  return kept;
}
