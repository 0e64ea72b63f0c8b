/**
 * The spec's constants that the pipeline and the reader must agree on (§9).
 * Browser-safe: no `node:` imports, no zod. Reader-only constants stay in
 * reader/lib/constants.ts.
 */

/** Headings listed in the table of contents: h2–h3. The pipeline extracts them, the reader shows them. */
export const TOC_MIN_LEVEL = 2;
export const TOC_MAX_LEVEL = 3;

/** Languages the search tokenizer stems (search/format/tokenize.ts), declared in the search manifest. */
export const SEARCH_LANGUAGES = ['en', 'ru'] as const;
