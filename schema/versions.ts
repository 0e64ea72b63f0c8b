/** Contract versions, free of zod so browser code can import them without the schema library. */
export const MANIFEST_VERSION = 1;
export const PAGE_SCHEMA_VERSION = 1;
export const SEARCH_INDEX_VERSION = 3;
