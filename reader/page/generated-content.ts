/**
 * Printing a page's generated content in the browser (schema/generated/): the API code-sample
 * printers with their highlight.js grammars, and the error rows, fetched once per build from
 * the manifest's `apiErrors`. A chunk of its own, imported by the page loader for the pages
 * that have generated content (API pages), so other pages never load it.
 */
import {
  generateWith,
  type ApiErrorRow,
  type GeneratedContent,
  type GeneratedData,
} from '../../schema/generated/index.ts';
import type { Generate } from '../../schema/page-codec.ts';

/** The error rows by URL (content-hashed: one URL, one answer); a failed fetch is forgotten. */
const errorRows = new Map<string, Promise<ApiErrorRow[]>>();

function fetchErrorRows(url: string, fetchImpl: typeof fetch): Promise<ApiErrorRow[]> {
  let rows = errorRows.get(url);
  if (!rows) {
    rows = fetchImpl(url).then((res) => {
      if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
      return res.json() as Promise<ApiErrorRow[]>;
    });
    errorRows.set(url, rows);
    rows.catch(() => errorRows.delete(url));
  }
  return rows;
}

/** A `generate` for content that has the named parts, with the data they need fetched. Rejects when a fetch fails. */
export async function generatorFor(
  names: Set<GeneratedContent['generated']>,
  apiErrorsUrl: string,
  fetchImpl: typeof fetch,
): Promise<Generate> {
  const data: GeneratedData = {};
  if (names.has('api-errors')) data.apiErrors = await fetchErrorRows(apiErrorsUrl, fetchImpl);
  return generateWith(data);
}
