/**
 * The contract between a table source and the pipeline: a `reference-table` page names a
 * source (`table.source` in its frontmatter) and the pipeline calls it with the loaded,
 * validated data files. A source returns plain JSON-able rows plus where they came from.
 */
import type { LoadedData } from '../../schema/data.ts';

/** One column of a table: the row key it shows, its header, and whether cells render as code. */
export interface TableColumn {
  key: string;
  label: string;
  code?: boolean;
}

/** A table cell. Lists are formatted as `"a, b"` by the source, never passed as arrays. */
export type Cell = string | number | boolean | null;

export interface TableData {
  /** Default columns, in order (a page may choose others from the row keys). */
  columns: TableColumn[];
  /** Rows; every cell a scalar. */
  rows: Record<string, Cell>[];
  /** The column whose values must be unique (checked by tests and the pipeline). */
  key: string;
  /** Where the rows come from, printed under the table, e.g. `{ name: 'ISO 4217 (currency-codes)', version: '2.2.0' }`. */
  origin: { name: string; version: string; url?: string };
}

export interface SourceContext {
  data: LoadedData;
  /** Countries served by payment methods (ISO 3166-1 alpha-2), for `iso/subdivisions`. */
  methodCountries: string[];
}

/** A pure function from the build's data to one table. */
export type TableSource = (ctx: SourceContext) => TableData;
