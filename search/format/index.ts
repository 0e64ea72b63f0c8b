/**
 * The index files' format, shared by the builder and the engine: zod schemas and types,
 * the compact codec, the tokenizer. Browser-safe, but this barrel brings zod and the
 * stemmers: the reader's main thread imports codec.ts alone (search/README.md).
 */
export * from './schema.ts';
export * from './codec.ts';
export * from './tokenize.ts';
