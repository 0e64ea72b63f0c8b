/**
 * The dropdown's suggestions from page results: each page's best hit, and, while
 * there is room, a second hit of the same page right after it. Main-thread code:
 * it imports nothing of the engine (fuse.js stays in the worker).
 */
import type { SearchHit } from '../../search/engine/index.ts';

type PageLike = { hits: SearchHit[] };

/** Suggestions: the pages' best hits, then a second hit of the same page, up to `limit` entries. */
export function suggestions(pages: PageLike[], limit: number): SearchHit[] {
  const out: SearchHit[] = [];
  for (const page of pages) if (out.length < limit) out.push(page.hits[0]);
  for (const page of pages) {
    if (out.length >= limit) break;
    if (page.hits[1]) out.splice(out.indexOf(page.hits[0]) + 1, 0, page.hits[1]);
  }
  return out.slice(0, limit);
}
