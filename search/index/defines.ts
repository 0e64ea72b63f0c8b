/**
 * Terms a page defines: each row of a reference table fed by a data file
 * (content/data/*.yaml) — its key (`invalid_signature`, and a v1 error number where the
 * row has one) at the row's anchor, with the row's description. The search index makes
 * each a doc of its page, so the defining row ranks first and links to its anchor.
 */
import type { LoadedData } from '../../schema/data.ts';
import type { Frontmatter } from '../../schema/frontmatter.ts';
import { tableSources } from '../../pipeline/sources/index.ts';

/** `term` is shown as the hit's title; `also` are other names of it (a v1 error number); `text` its description. */
export interface DefinedTerm {
  id: string;
  term: string;
  also: string;
  text: string;
}

/** Same anchor as the rendered row (pipeline/kinds/reference-table/table.ts). */
const anchorOf = (key: string) => key.replace(/[^A-Za-z0-9_\-+.]/g, '-');

export function definedTerms(
  pages: { route: string; frontmatter: Frontmatter }[],
  data: LoadedData,
): Map<string, DefinedTerm[]> {
  const out = new Map<string, DefinedTerm[]>();
  for (const { route, frontmatter } of pages) {
    if (frontmatter.kind !== 'reference-table' || !frontmatter.table.source.startsWith('data/')) continue;
    const source = tableSources[frontmatter.table.source];
    if (!source) continue;
    const { rows, key } = source({ data, methodCountries: [] });
    out.set(
      route,
      rows
        .filter((row) => row[key] !== undefined)
        .map((row) => {
          const value = String(row[key]);
          const also = typeof row.number === 'number' && key !== 'number' ? String(row.number) : '';
          return {
            id: anchorOf(value),
            term: value,
            also,
            text: [row.label, row.description].filter((x) => typeof x === 'string').join(' '),
          };
        }),
    );
  }
  return out;
}
