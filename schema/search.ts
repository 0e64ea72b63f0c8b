/**
 * The search index, a declared data format (Pagefind-style). Files under dist/_data/search/,
 * every one with a content-hashed name (immutable):
 * - `manifest.<hash>.json` — searchManifest: which shard holds what (its URL is in
 *   the site manifest's `search` field, the only file fetched fresh);
 * - `titles.<hash>.json` — a titlesShard: every page and h2/h3 heading (the spec's
 *   `{u, h, t, s, b}`) with the words of titles, headings and keywords, for instant
 *   suggestions (split into `titles-2…` only when over budget);
 * - `body-<context>[-n].<hash>.json` — bodyShards: the words of page descriptions and
 *   of the text under each heading, per search context, loaded on demand.
 *
 * Fuse.js scans records linearly and is not an inverted index (STYLE.md lesson 8), so a
 * shard holds its vocabulary — one Fuse record per distinct word, prebuilt with
 * `Fuse.createIndex([], terms).toJSON()` — and a posting list per word. Exact and
 * prefix matches are looked up in the sorted vocabulary; Fuse finds the typos.
 */
import { z } from 'zod';
import { SEARCH_LANGUAGES } from './site-constants.ts';

export { SEARCH_INDEX_VERSION } from './versions.ts';
import { SEARCH_INDEX_VERSION } from './versions.ts';

/** One indexed document: a page (`h` is '') or one of its h2/h3 headings. */
export const searchDoc = z.object({
  /** Page route. */
  u: z.string(),
  /** Heading hash ('' for the page itself). */
  h: z.string(),
  /** Page title, or heading text. */
  t: z.string(),
  /** Section: the title of the page the heading belongs to. */
  s: z.string(),
  /** Breadcrumbs of the page. */
  b: z.array(z.string()),
});

/**
 * A searchDoc as stored in a titles shard. A page doc leaves out `s` (its own title);
 * a heading doc follows its page's doc and leaves out `u`, `s` and `b` (its page's).
 * `expandDocs` in reader/search/engine restores the full `{u, h, t, s, b}`.
 */
export const storedDoc = z.object({
  u: z.string().optional(),
  h: z.string(),
  t: z.string(),
  s: z.string().optional(),
  b: z.array(z.string()).optional(),
});

/** A string-list Fuse.js index: record `i` holds vocabulary word `i` in `v`. */
const vocabularyIndex = z.object({
  keys: z.array(z.never()).max(0),
  records: z.array(z.object({ v: z.string(), i: z.number().int(), n: z.number() })),
});

const vocabulary = {
  /** Prebuilt Fuse.js index over the sorted vocabulary (`Fuse.parseIndex` in the worker). */
  index: vocabularyIndex,
  /**
   * Posting list per word (aligned with the vocabulary): comma-separated base-36
   * numbers `delta * 8 + fields`, where `delta` is the global doc id minus the
   * previous one in the list (the first counts from 0) and `fields` the bits of
   * the fields the word occurs in — titles shard: 1 title (page title or heading
   * text), 2 keywords (and the route's segments), 4 the site tagline (home page);
   * body shard: 1 prose, 2 code, 4 page description. (schema/search-codec.ts)
   */
  post: z.array(z.string()),
  /**
   * Snowball stem per word, computed at build time: '' means the word itself,
   * `N` its first N characters, `Nxyz` its first N characters followed by `xyz`.
   */
  stems: z.array(z.string()),
};

/** titles.<hash>.json: documents plus the words of their titles and keywords (and the tagline). */
export const titlesShard = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  kind: z.literal('titles'),
  /** Global id of docs[0]; doc ids run on across titles shards. */
  first: z.number().int(),
  docs: z.array(storedDoc),
  ...vocabulary,
});

/** body-<context>.<hash>.json: the words under each heading (and each page description) of one context's pages. */
export const bodyShard = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  kind: z.literal('body'),
  context: z.string(),
  ...vocabulary,
});

export const searchShard = z.discriminatedUnion('kind', [titlesShard, bodyShard]);

const shardFile = {
  /** Absolute URL of the shard. */
  url: z.string(),
  /** Size in bytes, raw and gzip. */
  bytes: z.number().int(),
  gzip: z.number().int(),
  /** Words in the shard's vocabulary. */
  terms: z.number().int(),
};

/** manifest.<hash>.json */
export const searchManifest = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  languages: z.array(z.enum(SEARCH_LANGUAGES)),
  /** Titles shards in doc-id order: today one; more only when one would exceed the budget. */
  titles: z.array(z.object({
    ...shardFile,
    /** Global id of the shard's first doc, and how many docs it holds. */
    first: z.number().int(),
    docs: z.number().int(),
    /** Route prefixes of the pages it holds ('/' for all). */
    paths: z.array(z.string()),
  })),
  /** Body shards: one per search context ('general' for pages in none), split by sub-path when over budget. */
  shards: z.array(z.object({
    ...shardFile,
    /** Search context id (the `ctx` parameter), or 'general'. */
    context: z.string(),
    label: z.string(),
    /** Route prefixes of the pages it holds. */
    paths: z.array(z.string()),
    /** Docs with text in the shard. */
    docs: z.number().int(),
  })),
  /** Search contexts by route prefix (site config `search.contexts`): the `ctx` parameter's values. */
  contexts: z.array(z.object({ id: z.string(), label: z.string(), paths: z.array(z.string()) })),
  /** Result labels by route prefix (site config `search.labels`, first match wins). */
  labels: z.array(z.object({ prefix: z.string(), label: z.string() })),
});

/** The vocabulary part of a shard: what the index builder writes and the search worker loads. */
export const storedVocabulary = z.object(vocabulary);

export type SearchDoc = z.output<typeof searchDoc>;
export type StoredVocabulary = z.output<typeof storedVocabulary>;
export type StoredDoc = z.output<typeof storedDoc>;
export type TitlesShard = z.output<typeof titlesShard>;
export type BodyShard = z.output<typeof bodyShard>;
export type SearchShard = z.output<typeof searchShard>;
export type SearchManifest = z.output<typeof searchManifest>;
