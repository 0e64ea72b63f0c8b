/**
 * Search test helpers: the fixture site's config, page inputs written in a line,
 * and an index built by the real stage and loaded by the worker's engine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { siteConfig, type SiteConfig } from '../../schema/site-config.ts';
import { buildSearchIndex, type IndexBudget, type SearchPageInput } from '../../search/index/index.ts';
import {
  addDocs,
  addPostings,
  addWords,
  createIndex,
  partUrlOf,
  runQuery,
  type QueryOptions,
} from '../../search/engine/index.ts';
import type { SearchSection } from '../../pipeline/compile/sections.ts';
import { fixtureRoot } from '../helpers.ts';

export const config: SiteConfig = siteConfig.parse(
  parse(readFileSync(path.join(fixtureRoot, 'content/site.yaml'), 'utf8')),
);

/** A page: sections are `[id, title, text, code?]`; the intro has id ''. */
export function page(
  route: string,
  title: string,
  extra: { description?: string; keywords?: string[]; sections?: [string, string, string, string?][] } = {},
): SearchPageInput {
  const sections: SearchSection[] = (extra.sections ?? []).map(([id, t, text, code]) => ({
    id,
    title: id ? t : title,
    depth: 2,
    text,
    code: code ?? '',
  }));
  const crumbs =
    route === '/'
      ? []
      : route
          .split('/')
          .slice(1)
          .map((s) => s.replace(/[-_]/g, ' '));
  return {
    route,
    title,
    description: extra.description ?? '',
    keywords: extra.keywords ?? [],
    breadcrumbs: crumbs,
    sections,
  };
}

/**
 * Builds the shards (optionally with tiny budgets) and loads every one, as the worker would for
 * queries that need them all.
 */
export function searchable(pages: SearchPageInput[], budget?: IndexBudget, synonyms?: string[][]) {
  const built = buildSearchIndex(pages, config, { budget, synonyms: synonyms?.map((words) => ({ words })) });
  const json = (url: string) => JSON.parse(built.files.get(url.slice(1))!);
  const index = createIndex(built.manifest);
  built.shards.words.forEach((w, n) => {
    addWords(index, n, json(w.url));
    index.words.get(n)!.parts.at.forEach((_, k) => addPostings(index, { n, k }, json(partUrlOf(index, { n, k }))));
  });
  for (const d of built.shards.docs) addDocs(index, json(d.url));
  return {
    ...built,
    index,
    json,
    search: (q: string, options: Partial<QueryOptions> = {}) => runQuery(index, q, { limit: 50, ...options }),
    /** Routes of the result pages, best first. */
    routes: (q: string, options: Partial<QueryOptions> = {}) =>
      runQuery(index, q, { limit: 50, ...options }).map((p) => p.route),
  };
}
