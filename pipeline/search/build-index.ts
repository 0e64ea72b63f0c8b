/**
 * Stage: search index. Pages' search sections → content-hashed shards:
 * a titles shard (one doc per page and per h2/h3) and one body shard per search
 * context, each with a prebuilt Fuse.js index. Only main content is indexed (the
 * sections come from page content, never from chrome); no blog exists.
 */
import Fuse from 'fuse.js';
import { createHash } from 'node:crypto';
import type { SiteConfig } from '../../schema/site-config.ts';
import { SEARCH_INDEX_VERSION, type BodyDoc, type SearchDoc, type SearchManifest } from '../../schema/search.ts';
import type { SearchSection } from '../compile/sections.ts';
import { expandIdentifiers, stemText } from './tokenize.ts';

/** Fuse keys, shared with the worker so index and queries agree. */
export const TITLE_KEYS = [{ name: 't', weight: 5 }, { name: 'ts', weight: 3 }, { name: 'k', weight: 2 }, { name: 'd', weight: 1 }];
export const BODY_KEYS = [{ name: 'x', weight: 2 }, { name: 'xs', weight: 1.5 }, { name: 'c', weight: 0.5 }];

export interface SearchPageInput {
  route: string; title: string; description: string; keywords: string[]; breadcrumbs: string[]; sections: SearchSection[];
}

const OTHER = 'general';
/** Body text per doc is capped so one long table does not dominate a shard. */
const MAX_BODY = 4000;

export function contextOf(route: string, config: SiteConfig): string {
  return config.search.contexts.find((c) => c.paths.some((p) => route === p.replace(/\/$/, '') || route.startsWith(p.endsWith('/') ? p : `${p}/`)))?.id ?? OTHER;
}

const hashed = (name: string, json: string) => `_data/search/${name}.${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;

export function buildSearchIndex(pages: SearchPageInput[], config: SiteConfig): { files: Map<string, string>; manifestPath: string; manifest: SearchManifest } {
  const titles: SearchDoc[] = [];
  const bodies = new Map<string, BodyDoc[]>();
  for (const page of pages) {
    const ctx = contextOf(page.route, config);
    for (const section of page.sections) {
      const isPage = section.id === '';
      const t = isPage ? page.title : section.title;
      const doc: SearchDoc = { u: page.route, h: section.id, t, s: page.title, b: page.breadcrumbs, ts: stemText(expandIdentifiers(t)) };
      if (isPage) { doc.k = page.keywords; doc.d = page.description; }
      const i = titles.push(doc) - 1;
      const text = section.text.slice(0, MAX_BODY);
      if (text || section.code) {
        const list = bodies.get(ctx) ?? [];
        list.push({ i, x: expandIdentifiers(text), xs: stemText(text), c: section.code.slice(0, MAX_BODY / 2) });
        bodies.set(ctx, list);
      }
    }
    // A page without an intro section still needs its own entry.
    if (!page.sections.some((s) => s.id === '')) {
      titles.push({ u: page.route, h: '', t: page.title, s: page.title, b: page.breadcrumbs, ts: stemText(expandIdentifiers(page.title)), k: page.keywords, d: page.description });
    }
  }
  const files = new Map<string, string>();
  const titlesJson = JSON.stringify({ version: SEARCH_INDEX_VERSION, kind: 'titles', docs: titles, index: Fuse.createIndex(TITLE_KEYS, titles).toJSON() });
  const titlesPath = hashed('titles', titlesJson);
  files.set(titlesPath, titlesJson);
  const shards: SearchManifest['shards'] = [];
  const labels = new Map(config.search.contexts.map((c) => [c.id, c]));
  for (const [ctx, docs] of [...bodies].sort(([a], [b]) => a.localeCompare(b))) {
    const json = JSON.stringify({ version: SEARCH_INDEX_VERSION, kind: 'body', context: ctx, docs, index: Fuse.createIndex(BODY_KEYS, docs).toJSON() });
    const url = hashed(`body-${ctx}`, json);
    files.set(url, json);
    shards.push({ context: ctx, label: labels.get(ctx)?.label ?? 'General', paths: labels.get(ctx)?.paths ?? [], url: `/${url}`, bytes: Buffer.byteLength(json), docs: docs.length });
  }
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION, languages: ['en', 'ru'],
    titles: { url: `/${titlesPath}`, bytes: Buffer.byteLength(titlesJson), docs: titles.length },
    shards, labels: config.search.labels,
  };
  const manifestJson = JSON.stringify(manifest);
  const manifestPath = hashed('manifest', manifestJson);
  files.set(manifestPath, manifestJson);
  return { files, manifestPath, manifest };
}
