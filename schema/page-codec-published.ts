/**
 * The page JSON reader published with every build as `dist/schema/page-codec.js`: one
 * dependency-free ES module, so that a tool reads a page without paydocs' pipeline
 * (docs/page-json.md). It decodes the compact `content` (page-codec.ts) and prints the
 * generated parts (code samples, error tables) with the same printers as the reader.
 *
 *   import { readPage } from './schema/page-codec.js';
 *   const apiErrors = await fetchJson(`/${manifest.apiErrors}`);   // only API pages need it
 *   const { ast, toc, title } = readPage(pageJson, { apiErrors });
 *
 * `ast` is a hast Root: hast-util-to-html, hast-util-to-text or rehype take it as it is.
 */
import type { PageFile, ReaderPage } from './page.ts';
import { generatedIn, pageFromFile } from './page-codec.ts';
import { type ApiErrorRow, generateWith } from './generated/index.ts';

export { ContentEncodingError, ContentVersionError, decodeContent, generatedIn } from './page-codec.ts';
export { PAGE_CONTENT_ENCODING } from './versions.ts';

/** What printing generated content needs: the site's error rows (the file `manifest.apiErrors` names). */
export interface PageData {
  apiErrors?: readonly ApiErrorRow[];
}

/** A page JSON file → its title, frontmatter, hast tree (`ast`) and TOC. Throws ContentEncodingError on bad input. */
export function readPage(file: PageFile, data: PageData = {}): ReaderPage {
  return pageFromFile(file, generateWith(data));
}

/** Whether a page's content has generated parts that need `PageData` (API pages' error tables). */
export function needsData(file: PageFile): boolean {
  return generatedIn(file.content).has('api-errors');
}
