/**
 * What page kinds add to the context every page compiles with: facts about the whole
 * site that a kind's pages hold and other pages' generated parts need. Each field is
 * computed by its kind module's `context` hook (kinds/index.ts `kindContext`); the
 * compiler passes them through without knowing any kind. Plain JSON: it crosses into the
 * worker threads and is hashed into each page's compile key. A leaf module, so compile/
 * can name the type without importing the kinds.
 */
export interface KindContext {
  /** payment-method: the countries its pages serve (ISO 3166-1 alpha-2), sorted: the ISO 3166-2 table shows theirs. */
  methodCountries: string[];
}
