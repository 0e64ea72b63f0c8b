/**
 * The search index, a declared data format (Pagefind-style):
 * - dist/_data/search/manifest.<hash>.json — searchManifest: which shard holds what;
 * - a titles shard (pages and headings, for instant suggestions);
 * - one body shard per search context (text under each heading), loaded on demand.
 * Every shard has a content-hashed name and is immutable.
 */
import { z } from 'zod';

export { SEARCH_INDEX_VERSION } from './versions.ts';
import { SEARCH_INDEX_VERSION } from './versions.ts';

/** One indexed heading (or a page's intro when `h` is empty). */
export const searchDoc = z.object({
  /** Page route. */
  u: z.string(),
  /** Heading hash ('' for the page itself). */
  h: z.string(),
  /** Page title, or heading text. */
  t: z.string(),
  /** Section: the page title the heading belongs to. */
  s: z.string(),
  /** Breadcrumbs of the page. */
  b: z.array(z.string()),
  /** Stemmed tokens of t (en + ru), for inflected forms. */
  ts: z.string(),
  /** Page keywords (page entries only). */
  k: z.array(z.string()).optional(),
  /** Page description (page entries only). */
  d: z.string().optional(),
});

export const bodyDoc = z.object({
  /** Index of the doc in the titles shard. */
  i: z.number().int(),
  /** Prose text under the heading, with identifiers split into pieces too. */
  x: z.string(),
  /** Stemmed prose tokens. */
  xs: z.string(),
  /** Code text (ranks below prose). */
  c: z.string(),
});

export const searchShard = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  kind: z.enum(['titles', 'body']),
  context: z.string().optional(),
  docs: z.array(z.union([searchDoc, bodyDoc])),
  /** Prebuilt Fuse.js index (Fuse.createIndex(...).toJSON()). */
  index: z.unknown(),
});

export const searchManifest = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  languages: z.array(z.enum(['en', 'ru'])),
  titles: z.object({ url: z.string(), bytes: z.number(), docs: z.number() }),
  shards: z.array(z.object({ context: z.string(), label: z.string(), paths: z.array(z.string()), url: z.string(), bytes: z.number(), docs: z.number() })),
  /** Result labels by route prefix (site config `search.labels`). */
  labels: z.array(z.object({ prefix: z.string(), label: z.string() })),
});

export type SearchDoc = z.output<typeof searchDoc>;
export type BodyDoc = z.output<typeof bodyDoc>;
export type SearchManifest = z.output<typeof searchManifest>;
