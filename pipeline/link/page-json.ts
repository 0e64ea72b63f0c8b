/**
 * Stage: page JSON. A page's file contents (its tree encoded: schema/page-codec.ts) and content hash (the hash versions its
 * URL in the manifest, so caches can keep it), through the stage memo: the key is
 * the page's compile key (standing for its tree) plus everything assembly added
 * around it — or the tree itself when assembly changed it (e.g. a filled table).
 */
import { shortHash as hash } from '../hash.ts';
import type { PageData } from '../../schema/page.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { pageFile } from './encode-content.ts';

export function pageJson(page: PageData, compiled: { page: CompiledPage; key: string } | undefined, memo: StageMemo): { json: string; hash: string } {
  const make = () => { const json = JSON.stringify(pageFile(page)); return { json, hash: hash(json) }; };
  if (!compiled) return make();
  const { ast, ...rest } = page;
  return memo.runSync('page-json', [compiled.key, rest, ast === compiled.page.ast ? '' : ast], make);
}
