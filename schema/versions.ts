/** Contract versions, free of zod so browser code can import them without the schema library. */
export const MANIFEST_VERSION = 1;
/** 3: an API operation's frontmatter is its summary (method, path, version, auth, idempotent). 2: the page's tree travels as `content` in the compact encoding of schema/page-codec.ts, not as hast `ast`. */
export const PAGE_SCHEMA_VERSION = 3;
/** The version of that encoding (`content.encoding`), so a decoder can tell what it reads. */
export const PAGE_CONTENT_ENCODING = 1;
export const SEARCH_INDEX_VERSION = 3;
