/**
 * The search engine's public API, browser-safe (no Node, no zod at run time): what the
 * reader's search worker (search/engine/service.ts), the benches and the tests use to
 * load an index's shards and to run a query over them. search/README.md.
 */
export {
  addDocs,
  addPostings,
  addWords,
  createIndex,
  partUrlOf,
  SearchIndexVersionError,
  type PartRef,
  type SearchIndex,
} from './shards.ts';
export {
  advance,
  docsNeeded,
  lookup,
  partsNeeded,
  present,
  rank,
  ranked,
  runQuery,
  wordsNeeded,
  type Lookup,
  type PageResult,
  type QueryOptions,
  type SearchHit,
} from './query.ts';
export type { Ranked } from './rank.ts';
export { editDistance } from './vocabulary.ts';
