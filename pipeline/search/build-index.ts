/**
 * Stage: search index. `(pages, config) => files` — pages become records (a page and
 * each of its h2/h3 headings), records become content-hashed shards:
 * - titles shard(s): every doc `{u, h, t, s, b}` and the words of titles, keywords
 *   and descriptions — small enough for instant suggestions;
 * - body shards: the words under each heading, one per search context, split by
 *   sub-path when a context exceeds the per-shard budget;
 * - a shard manifest saying which shard holds what.
 * Layout and format: schema/search.ts.
 */
import { shortHash } from '../hash.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { SEARCH_INDEX_VERSION, type BodyShard, type SearchManifest, type StoredDoc, type TitlesShard } from '../../schema/search.ts';
import { FIELD, GENERAL } from '../../schema/search-codec.ts';
import { SEARCH_LANGUAGES } from '../../schema/site-constants.ts';
import { searchRecords, type SearchPageInput, type SearchRecord } from './records.ts';
import { buildVocabulary, type TokenCache } from './vocabulary.ts';
import { gzipSize, pathPrefixes, splitToBudget, SHARD_BUDGET_GZIP } from './partition.ts';

export type { SearchPageInput } from './records.ts';
export { contextOf } from '../../schema/search-codec.ts';

type Ided = SearchRecord & { id: number };

const hashed = (name: string, json: string) => `_data/search/${name}.${shortHash(json)}.json`;

/** Consecutive records of one page stay together when a shard is split; `weight` guides where to cut. */
function byPage(records: Ided[], weight: (r: Ided) => number): { route: string; items: Ided[]; weight: number }[] {
  const groups: { route: string; items: Ided[]; weight: number }[] = [];
  for (const r of records) {
    if (groups.at(-1)?.route !== r.route) groups.push({ route: r.route, items: [], weight: 0 });
    groups.at(-1)!.items.push(r);
    groups.at(-1)!.weight += weight(r);
  }
  return groups;
}

const titleWeight = (r: Ided) => r.title.length + r.keywords.length + r.tagline.length + 40;
const bodyWeight = (r: Ided) => r.prose.length + r.code.length + r.description.length;

/** Docs as stored (schema `storedDoc`): a heading doc inherits u, s and b from its page's doc. */
function storedDocs(records: Ided[]): StoredDoc[] {
  return records.map(({ doc }, i) => {
    const { u, h, t, b } = doc;
    if (h && i > 0 && records[i - 1].route === u) return { h, t };
    return h ? { u, h, t, s: doc.s, b } : { u, h, t, b };
  });
}

function titlesJson(cache: TokenCache) {
  return (records: Ided[]): string => {
    const shard: TitlesShard = {
      version: SEARCH_INDEX_VERSION, kind: 'titles', first: records[0]?.id ?? 0, docs: storedDocs(records),
      ...buildVocabulary(records.map((r) => ({ id: r.id, fields: [{ text: r.title, bit: FIELD.title }, { text: r.keywords, bit: FIELD.keywords }, { text: r.tagline, bit: FIELD.tagline }] })), cache),
    };
    return JSON.stringify(shard);
  };
}

function bodyJson(context: string, cache: TokenCache) {
  return (records: Ided[]): string => {
    const shard: BodyShard = {
      version: SEARCH_INDEX_VERSION, kind: 'body', context,
      ...buildVocabulary(records.map((r) => ({ id: r.id, fields: [{ text: r.prose, bit: FIELD.prose }, { text: r.code, bit: FIELD.code }, { text: r.description, bit: FIELD.description }] })), cache),
    };
    return JSON.stringify(shard);
  };
}

const termCount = (json: string) => (JSON.parse(json) as { post: string[] }).post.length;

export function buildSearchIndex(pages: SearchPageInput[], config: SiteConfig, budget = SHARD_BUDGET_GZIP): { files: Map<string, string>; manifestPath: string; manifest: SearchManifest } {
  const records: Ided[] = searchRecords(pages, config).map((r, id) => ({ ...r, id }));
  const files = new Map<string, string>();
  const cache: TokenCache = new Map();

  const pageGroups = byPage(records, titleWeight);
  const titles: SearchManifest['titles'] = splitToBudget(pageGroups, titlesJson(cache), budget).map((part, n) => {
    const path = hashed(n === 0 ? 'titles' : `titles-${n + 1}`, part.text);
    files.set(path, part.text);
    const items = part.groups.flatMap((g) => g.items);
    return { url: `/${path}`, bytes: Buffer.byteLength(part.text), gzip: gzipSize(part.text), terms: termCount(part.text), first: items[0]?.id ?? 0, docs: items.length, paths: n === 0 && part.groups.length === pageGroups.length ? ['/'] : pathPrefixes(part.groups.map((g) => g.route)) };
  });

  const shards: SearchManifest['shards'] = [];
  const contexts = new Map(config.search.contexts.map((c) => [c.id, c]));
  for (const context of [...contexts.keys(), GENERAL]) {
    const own = records.filter((r) => r.context === context && (r.prose || r.code || r.description));
    if (!own.length) continue;
    const parts = splitToBudget(byPage(own, bodyWeight), bodyJson(context, cache), budget);
    parts.forEach((part, n) => {
      const path = hashed(parts.length === 1 ? `body-${context}` : `body-${context}-${n + 1}`, part.text);
      files.set(path, part.text);
      const routes = part.groups.map((g) => g.route);
      shards.push({
        url: `/${path}`, bytes: Buffer.byteLength(part.text), gzip: gzipSize(part.text), terms: termCount(part.text),
        context, label: contexts.get(context)?.label ?? 'General',
        paths: parts.length === 1 && contexts.get(context) ? contexts.get(context)!.paths : pathPrefixes(routes),
        docs: part.groups.reduce((n, g) => n + g.items.length, 0),
      });
    });
  }

  const manifest: SearchManifest = { version: SEARCH_INDEX_VERSION, languages: [...SEARCH_LANGUAGES], titles, shards, contexts: config.search.contexts, labels: config.search.labels };
  const manifestJson = JSON.stringify(manifest);
  const manifestPath = hashed('manifest', manifestJson);
  files.set(manifestPath, manifestJson);
  return { files, manifestPath, manifest };
}
