/** Cell formatting shared by the sources: tables hold scalars only. */
import type { Cell } from './types.ts';

/** Booleans as the words the tables show. */
export const yesNo = (value: boolean): Cell => (value ? 'yes' : 'no');

/** A list as one cell: `"a, b"`, or `none` when empty. */
export const list = (values: readonly string[]): Cell => (values.length ? values.join(', ') : 'none');

/** Compare by a string key, code-point order (stable across locales and machines). */
export const byKey =
  <T>(get: (row: T) => string) =>
  (a: T, b: T): number => {
    const x = get(a);
    const y = get(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
