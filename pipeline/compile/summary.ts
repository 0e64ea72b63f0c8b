/**
 * A compiled page without its tree: what the link check, the search index and assembly
 * read, and what the stage memo keeps beside each tree (stage `page-summary`). Light on
 * purpose: the main thread imports it, the compiler (unified) stays in the workers.
 */
import type { CompiledPage } from './compile-page.ts';

export type CompiledSummary = Omit<CompiledPage, 'ast'>;

/** A compiled page's summary: the page without its tree (a summary from the memo comes as it is). */
export const summaryOf = ({ ast: _, ...summary }: CompiledSummary & { ast?: unknown }): CompiledSummary => summary;
