/**
 * The index builder's public API (Node): what the pipeline's search step
 * (pipeline/search/search-step.ts), the benches and other Node tools use to turn pages
 * into the index files. search/README.md; the files: docs/search.md.
 */
export {
  buildSearchIndex,
  searchIndexSteps,
  type BuiltIndex,
  type IndexBudget,
  type IndexOptions,
  type SearchPageInput,
} from './build-index.ts';
export { definedTerms, type DefinedTerm } from './defines.ts';
