/**
 * `reference-table` pages: a table whose rows come from a data source, rendered at
 * build time so the rows are in the prerendered HTML and in search.
 */
import { z } from 'zod';
import { commonFields } from './frontmatter-common.ts';

export const tableColumn = z
  .object({
    /** Key of the value in each row. */
    key: z.string().min(1),
    label: z.string().min(1),
    /** Render the value as code. */
    code: z.boolean().default(false),
  })
  .strict();

export const referenceTable = z
  .object({
    /**
     * Where the rows come from: `data/<file>` for content/data/<file>.yaml, or a built-in
     * source such as `iso/currencies`, `iso/countries`, `iso/languages`, `iso/phone-codes`,
     * `iso/subdivisions` (see pipeline/sources/).
     */
    source: z.string().regex(/^(data|iso)\/[a-z0-9_-]+$/, 'a source such as "data/test_cards" or "iso/currencies"'),
    /** Columns to show, in order; defaults to the source's own columns. */
    columns: z.array(tableColumn).min(1).optional(),
    /** Show a filter box above the table; defaults to on for tables longer than 20 rows. */
    filter: z.boolean().optional(),
    caption: z.string().optional(),
  })
  .strict();

export const referenceTableFrontmatter = z
  .object({
    kind: z.literal('reference-table'),
    ...commonFields,
    table: referenceTable,
  })
  .strict();
