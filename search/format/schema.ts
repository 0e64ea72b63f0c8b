/**
 * The search index, a declared data format (Pagefind-style: partitioned by word, so a
 * query loads what its words need and nothing else). Files under dist/_data/search/,
 * every one with a content-hashed name (immutable):
 * - `manifest.<hash>.json` — searchManifest: the pages (doc counts) and contexts, and
 *   which file holds which words and which docs (its URL is in the site manifest's
 *   `search` field, the only file fetched fresh);
 * - `words-<n>.<hash>.json` — wordsShard (the hash is that of its run of 16 shards, so
 *   the manifest lists one per run; docs shards alike): the sorted vocabulary of every field of every
 *   doc (titles, headings, keywords, descriptions, prose, code), cut between two-letter
 *   keys (`pa`, `pl`, …: a word's first two characters), with a stem per word. A query
 *   word needs the one shard holding its key: its exact, prefix, stem and typo matches
 *   (typos after the second letter) all share that key;
 * - `post-<n>-<k>.<hash>.json` — postingsShard: the posting lists of a run of words of
 *   words shard n (its `parts`), loaded for the words a query matched: the vocabulary
 *   of a key is small, its posting lists are most of its bytes (measured: bench/HISTORY.md,
 *   common keys);
 * - `docs-<n>.<hash>.json` — docsShard: the spec's `{u, h, t, s, b}` per doc, by runs of
 *   pages, loaded for the pages a query returns.
 * What a query loads depends on the query and the index only, never on what an earlier
 * query loaded or on timing: the same query gives the same answer typed, pasted or warm.
 */
import { z } from 'zod';
import { SEARCH_LANGUAGES } from '../../schema/site-constants.ts';

export { SEARCH_INDEX_VERSION } from '../../schema/versions.ts';
import { SEARCH_INDEX_VERSION } from '../../schema/versions.ts';

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
 * `expandDocs` in search/engine/shards.ts restores the full `{u, h, t, s, b}`.
 */
export const storedDoc = z.object({
  u: z.string().optional(),
  h: z.string(),
  t: z.string(),
  s: z.string().optional(),
  b: z.array(z.string()).optional(),
});

/**
 * Posting list per word: comma-separated base-36 numbers `delta * 128 + fields`, where
 * `delta` is the doc id minus the previous one in the list (the first counts from 0)
 * and `fields` the bits of the fields the word occurs in: 1 title (page title or
 * heading text), 2 keywords (and the route's segments), 4 the site tagline (home
 * page), 8 page description, 16 prose, 32 code, 64 a term the doc defines (a
 * reference-table row's key). A posting with the title bit is followed by one letter,
 * A–D: the title's length in content words (1, 2, 3, 4 or more; stop words not
 * counted), so a title made of just the query's words ranks above a longer one; a
 * keywords posting is followed by one letter, E–H: the length of the shortest keyword
 * phrase holding the word. A word in more than 2,000 docs lists only the docs whose
 * title, keywords, tagline, description or defined terms hold it (search/index/vocabulary.ts).
 * (search/format/codec.ts)
 */
const postingLists = z.array(z.string());

const vocabulary = {
  /** Sorted words (code-unit order: the worker's binary search compares with `<`). */
  words: z.array(z.string()),
  /**
   * Snowball stem per word, computed at build time: '' means the word itself,
   * `N` its first N characters, `Nxyz` its first N characters followed by `xyz`.
   */
  stems: z.array(z.string()),
  /**
   * Where the words' posting lists are: postings shards `post-<n>-<k>.<hash>.json`
   * (k from 1), the k-th holding the lists of the words from index `at[k-1]` up to the
   * next part's; `hash` is shared by the parts of this words shard (search/format/codec.ts `partUrl`).
   */
  parts: z.object({ hash: z.string(), at: z.array(z.number().int()) }),
};

/** words-<n>.<hash>.json: the words of a run of two-letter keys. */
export const wordsShard = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  kind: z.literal('words'),
  ...vocabulary,
});

/** post-<n>-<k>.<hash>.json: the posting lists of the words of part k of words shard n, in word order. */
export const postingsShard = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  kind: z.literal('postings'),
  post: postingLists,
});

/** docs-<n>.<hash>.json: the docs of a run of pages, from doc id `first`. */
export const docsShard = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  kind: z.literal('docs'),
  first: z.number().int(),
  docs: z.array(storedDoc),
});

export const searchShard = z.discriminatedUnion('kind', [wordsShard, postingsShard, docsShard]);

/** manifest.<hash>.json */
export const searchManifest = z.object({
  version: z.literal(SEARCH_INDEX_VERSION),
  languages: z.array(z.enum(SEARCH_LANGUAGES)),
  /**
   * Docs per page in doc-id order, base 36, comma-separated: a page's doc (its first) and
   * its headings' docs. Pages run in context order (`contexts`, then 'general'), by route.
   */
  pages: z.string(),
  /** Where each search context's pages start (page index), in page order; 'general' included. */
  contextStarts: z.array(z.tuple([z.string(), z.number().int()])),
  /**
   * Words shards in key order: `from` is the first two-letter key each holds (it holds
   * every key up to the next shard's); `hashes` one content hash per run of 16 shards
   * (search/format/codec.ts `shardList` spells out the URLs).
   */
  words: z.object({ from: z.array(z.string()), hashes: z.array(z.string()) }),
  /**
   * Docs shards in doc-id order: `first` each one's first doc id, as base-36 differences from the
   * previous one's, comma-separated; `hashes` as for words.
   */
  docs: z.object({ first: z.string(), hashes: z.array(z.string()) }),
  /** Synonym groups (content/data/search_synonyms.yaml): a query word also finds its group's other words. */
  synonyms: z.array(z.array(z.string())),
  /** Search contexts by route prefix (site config `search.contexts`): the `ctx` parameter's values. */
  contexts: z.array(z.object({ id: z.string(), label: z.string(), paths: z.array(z.string()) })),
  /** Result labels by route prefix (site config `search.labels`, first match wins). */
  labels: z.array(z.object({ prefix: z.string(), label: z.string() })),
});

/** The vocabulary part of a words shard: what the index builder writes and the search worker loads. */
export const storedVocabulary = z.object(vocabulary);

export type SearchDoc = z.output<typeof searchDoc>;
export type StoredVocabulary = z.output<typeof storedVocabulary>;
export type StoredDoc = z.output<typeof storedDoc>;
export type WordsShard = z.output<typeof wordsShard>;
export type DocsShard = z.output<typeof docsShard>;
export type PostingsShard = z.output<typeof postingsShard>;
export type SearchShard = z.output<typeof searchShard>;
export type SearchManifest = z.output<typeof searchManifest>;
