/**
 * `paydocs diff <base> <head>`: two builds (folders or git refs, source.ts) → the report of what
 * the change does to readers and integrators (schema/diff-report.ts). Breaking changes are
 * declared by the **head**'s releases: the pull request that breaks the API says so in the same change.
 */
import type { DiffReport } from '../../schema/diff-report.ts';
import { compareApis } from './compare-api.ts';
import { comparePages } from './compare-pages.ts';
import { readBuild, type BuildSnapshot } from './read-build.ts';
import { builtSide, type SourceOptions } from './source.ts';

/** The report of two builds already read. */
export function diffSnapshots(base: BuildSnapshot, head: BuildSnapshot, names: { base: string; head: string }) {
  const api = compareApis(base, head, head.releases);
  const pages = comparePages(base, head);
  const breaking = api.filter((c) => c.breaking).length;
  const undeclared = api.filter((c) => c.breaking && !c.declared).length;
  const report: DiffReport = {
    version: 1,
    ...names,
    ok: undeclared === 0,
    summary: { api: api.length, breaking, undeclared, pages: pages.length },
    api,
    pages,
  };
  return report;
}

/** Resolves, reads and compares both sides; temporary worktrees are removed whatever happens. */
export async function diffBuilds(base: string, head: string, options: SourceOptions): Promise<DiffReport> {
  const sides: { cleanup: () => Promise<void> }[] = [];
  try {
    const a = await builtSide(base, options);
    sides.push(a);
    const b = await builtSide(head, options);
    sides.push(b);
    return diffSnapshots(await readBuild(a.dir), await readBuild(b.dir), { base, head });
  } finally {
    for (const side of sides) await side.cleanup();
  }
}

/** 1 when a breaking API change is not declared, else 0 (bad input is 2, in the CLI). */
export const diffExitCode = (report: DiffReport) => (report.ok ? 0 : 1);
