/**
 * Stage: page JSON. A page's file contents and content hash (the hash versions its
 * URL in the manifest, so caches can keep it). The dev server keeps a memo so an
 * unchanged page is not serialized again.
 */
import { shortHash as hash } from '../hash.ts';
import type { PageData } from '../../schema/page.ts';
import type { CompiledPage } from '../compile/compile-page.ts';

export type PageJsonMemo = WeakMap<object, { key: string; json: string; hash: string }>;


/** JSON of a page, reused from the last build when the page and its surroundings are unchanged. */
export function serializePage(page: PageData, compiledPage: CompiledPage | undefined, memo: PageJsonMemo | undefined): { json: string; hash: string } {
  const fresh = () => { const json = JSON.stringify(page); return { json, hash: hash(json) }; };
  // A tree filled at link time is not in the key: such pages are serialized afresh.
  if (!memo || !compiledPage || page.ast !== compiledPage.ast) return fresh();
  const { ast: _ast, ...rest } = page;
  const key = JSON.stringify(rest);
  const hit = memo.get(compiledPage);
  if (hit?.key === key) return hit;
  const out = { key, ...fresh() };
  memo.set(compiledPage, out);
  return out;
}
