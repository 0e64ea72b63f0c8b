/**
 * The whole build as one stage: its output is a function of the code hash, every
 * content file (pages, data, config, diagrams: by content hash; public files: by size and
 * time), the last-updated dates and the build options. When the key matches the
 * one recorded for the output folder, and the folder is still there, the dist on
 * disk is already what this build would write: nothing is compiled, rendered,
 * indexed or written again.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ContentSet } from '../content/load.ts';
import type { StageMemo } from './memo.ts';
import type { OutputRecord } from '../emit/write.ts';
import { sha } from '../hash.ts';

export function buildKey(memo: StageMemo, content: ContentSet, dates: Map<string, string>, options: unknown): string {
  const files = [
    ...content.pages,
    ...content.data,
    ...content.categories,
    ...content.diagrams,
    content.site,
    content.sidebars,
  ].map((f) => f && `${f.relFile}:${f.hash}`);
  const publicFiles = content.publicFiles.map((f) => {
    try {
      const s = statSync(path.join(content.contentDir, 'public', f));
      return `${f}:${s.size}:${s.mtimeMs}`;
    } catch {
      return `${f}:gone`;
    }
  });
  // An entry the build does not read or follow fails the build (not-a-file,
  // public-link): a link added to a built site is not "up to date".
  const unread = [
    ...content.unread.map((u) => `${u.relFile}:${u.found}`),
    ...content.publicLinksOut.map((l) => `${l.relFile}:${l.target}`),
  ];
  return memo.key('build', [files, publicFiles, unread, [...dates].sort(), options]);
}

const stage = 'dist';
const slot = (outDir: string) => sha(outDir);

/** What the last build into `outDir` recorded, if its key is `key` and the folder is still there. */
export function builtBefore<T>(memo: StageMemo, outDir: string, key: string): T | undefined {
  const kept = memo.get<{ key: string; stats: T }>(stage, slot(outDir));
  return kept?.key === key && existsSync(path.join(outDir, 'index.html')) ? kept.stats : undefined;
}

/** Records the build just written into `outDir`: its key, stats and what it wrote (emit/write.ts). */
export function recordBuilt(memo: StageMemo, outDir: string, key: string, stats: unknown, output?: OutputRecord): void {
  memo.set(stage, slot(outDir), { key, code: memo.codeHash, stats, output });
}

/**
 * What the last build into `outDir` wrote (files' content hashes), whatever its key: the next write
 * links the unchanged ones.
 */
export function previousOutput(memo: StageMemo, outDir: string): OutputRecord | undefined {
  return memo.get<{ output?: OutputRecord }>(stage, slot(outDir))?.output;
}

/** Whether the last build into `outDir` ran this same code: then most stages will be taken from the memo. */
export function sameCodeBuiltBefore(memo: StageMemo, outDir: string): boolean {
  return memo.get<{ code?: string }>(stage, slot(outDir))?.code === memo.codeHash;
}
