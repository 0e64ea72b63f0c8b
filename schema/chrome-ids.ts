/**
 * The ids the reader gives its own elements, on the same document as a page's content.
 * A heading's id is the slug of its text (rehype-slug), so "Root" or "Main content" would
 * take one of these: the table of contents and `#main-content` would then lead to the
 * chrome, not to the section. The compiler gives such a heading the next free name instead
 * (pipeline/compile/heading-ids.ts). Every other id the reader makes has a `:` in it
 * (`sidebar:…`, `tabs:…`, React's `useId`), which no slug has. Browser-safe.
 */

/** The element the reader hydrates (pipeline/emit/html.ts writes it, reader/main.tsx finds it). */
export const ROOT_ID = 'root';
/** The skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';
/** The element holding a page's content: the head's first frame waits until it is parsed. */
export const PAGE_CONTENT_ID = 'page-content';
export const MOBILE_DRAWER_ID = 'mobile-drawer';
/** The not-found page's list of suggested pages. */
export const NOT_FOUND_SUGGESTIONS_ID = 'not-found-suggestions';
/** The not-found page's list of the pages under a section address (`/api/v2`). */
export const NOT_FOUND_SECTION_ID = 'not-found-section';

export const CHROME_IDS: ReadonlySet<string> = new Set([
  ROOT_ID,
  MAIN_CONTENT_ID,
  PAGE_CONTENT_ID,
  MOBILE_DRAWER_ID,
  NOT_FOUND_SUGGESTIONS_ID,
  NOT_FOUND_SECTION_ID,
]);
