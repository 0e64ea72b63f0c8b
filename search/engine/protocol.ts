/**
 * Messages between the reader and the search worker. Results are light (Pagefind):
 * titles, breadcrumbs and the words to mark, never page text.
 */
import type { PageResult } from './index.ts';

export type { PageResult, SearchHit } from './index.ts';

/** Which pages a query covers: one search context, or everything outside it. */
export interface SearchScope {
  context: string;
  outside?: boolean;
}

export type SearchRequest =
  /** Start loading (first focus, hover or shortcut): the index manifest. */
  | { type: 'init'; manifest: string }
  | {
      type: 'query';
      id: number;
      q: string;
      /** Who asks ('box', 'page'): a newer query of the same channel makes older ones stale. */
      channel: string;
      /** 'full' (/search) or 'suggest' (dropdown): both load what the query's words need, nothing else. */
      mode: 'suggest' | 'full';
      /** The search context of the page one is on, if any: its pages rank first. */
      prefer?: string;
      scope?: SearchScope;
      limit: number;
    };

export type IndexState = 'idle' | 'loading' | 'done' | 'error';

export type SearchReply =
  | { type: 'state'; state: IndexState; error?: string }
  /** One answer per query, once the shards it needs are in (`complete` is always true; kept for the reader). */
  | { type: 'results'; id: number; q: string; pages: PageResult[]; complete: boolean };
