/**
 * The contract between a table source and the pipeline: a `reference-table` page names a
 * source (`table.source` in its frontmatter) and the pipeline calls it with the loaded,
 * validated data files. A source returns plain JSON-able rows plus where they came from.
 */
import type { LoadedData } from '../../schema/data.ts';
import type { KindContext } from '../kinds/context.ts';

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
  /**
   * Where the rows come from, printed under the table, e.g.
   * `{ name: 'ISO 4217 (currency-codes)', version: '2.2.0' }`.
   */
  origin: { name: string; version: string; url?: string };
}

/** The build's data, and what the page kinds add (kinds/context.ts: `methodCountries` for `iso/subdivisions`). */
export interface SourceContext extends KindContext {
  data: LoadedData;
}

/** A pure function from the build's data to one table. */
export type TableSource = (ctx: SourceContext) => TableData;
