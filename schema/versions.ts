/** Contract versions, free of zod so browser code can import them without the schema library. */
export const MANIFEST_VERSION = 1;
/**
 * 4: the TOC is read from the decoded tree, not carried. 3: an API operation's frontmatter is its
 * summary (method, path, version, auth, idempotent). 2: the page's tree travels as `content` in the
 * compact encoding of schema/page-codec.ts, not as hast `ast`.
 */
export const PAGE_SCHEMA_VERSION = 4;
/**
 * The version of that encoding (`content.encoding`), so a decoder can tell what it reads. 3: an API
 * page's code samples and error table travel as the data they are printed from
 * (`{ generated, from }`, schema/generated/). 2: a heading's `#` link travels as 0, like siblings
 * as a template.
 */
export const PAGE_CONTENT_ENCODING = 3;
/** 4: posting lists in postings shards of their own, loaded for the words a query matched. */
export const SEARCH_INDEX_VERSION = 4;
