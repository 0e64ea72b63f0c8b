/** The shape of a rule, and the areas docs/errors.md lists them under. */
import type { DataFileName } from '../../schema/data.ts';

export const RULE_AREAS = {
  files: 'Content files and frontmatter',
  config: 'Site config, sidebars and data files',
  crossCheck: 'Rules across pages and data',
  markdown: 'Markdown directives and generated tables',
  build: 'Links and the build',
} as const;
export type RuleArea = keyof typeof RULE_AREAS;

export interface RuleText {
  /** What the diagnostic means, in one sentence. */
  summary: string;
  /** Why paydocs refuses it: what would go wrong on the site. */
  why: string;
  /** How to fix it. */
  fix: string;
  /**
   * The files its problems are judged against: data files by name, pages by route. While one
   * of them does not validate, its problems elsewhere are counted on that file, not listed
   * (content/follow-on.ts): one typo in a data file is not a thousand unknown references.
   */
  judgedAgainst?: readonly RuleSource[];
}

/** A data file (content/data/<name>.yaml) or a page (its route). */
export type RuleSource = DataFileName | `/${string}`;

export interface RuleInfo extends RuleText {
  /** The section of docs/errors.md it is listed under. */
  area: RuleArea;
}

/** One area's rules, each tagged with the area (the key stays a literal: it becomes part of `RuleId`). */
export function inArea<A extends RuleArea, T extends Record<string, RuleText>>(
  area: A,
  rules: T,
): { [K in keyof T]: T[K] & { area: A } } {
  return Object.fromEntries(Object.entries(rules).map(([id, text]) => [id, { ...text, area }])) as {
    [K in keyof T]: T[K] & { area: A };
  };
}
