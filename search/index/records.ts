/**
 * Stage: pages → search records. One record per page (its title, keywords, route,
 * description and intro text) and one per h2/h3 heading (its text and the text
 * under it), each tagged with its search context. Only main content comes in:
 * the sections are taken from the page AST at compile time (pipeline/compile/sections.ts),
 * never from the navbar, sidebar, prev/next labels or copy buttons. No blog is
 * indexed (there is none; a `/blog/` page would be skipped).
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import type { SearchDoc } from '../format/schema.ts';
import type { SearchSection } from '../../pipeline/compile/sections.ts';
import { contextOf, GENERAL } from '../format/codec.ts';
import type { DefinedTerm } from './defines.ts';

export interface SearchPageInput {
  route: string;
  title: string;
  description: string;
  keywords: string[];
  breadcrumbs: string[];
  sections: SearchSection[];
  /** Terms the page defines, each at its own anchor (search/index/defines.ts). */
  defines?: DefinedTerm[];
  /**
   * A hash standing for everything above (the build's: the page's compile key, its
   * breadcrumbs and defined terms), under which its terms are kept; without one, its texts.
   */
  key?: string;
}

/** Texts of one record by field: titles-shard fields and body-shard fields. */
export interface SearchRecord {
  doc: SearchDoc;
  route: string;
  context: string;
  title: string;
  /** The page's keyword phrases and its route, comma-separated. */
  keywords: string;
  tagline: string;
  description: string;
  prose: string;
  code: string;
  /** Terms the doc defines (a reference-table row's key): the defining doc ranks first. */
  defines: string;
}

const isBlog = (route: string) => route === '/blog' || route.startsWith('/blog/');

/**
 * A heading carried by this many pages or more is a template's ("Response and callback" on
 * every payment-method page), not a subject: its words count as its section's prose, not as
 * a heading, so a page about the subject ranks above the many pages that share the section.
 */
export const REPEATED_HEADING_PAGES = 10;

const headingKey = (title: string) => title.toLowerCase().replace(/\s+/g, ' ').trim();

/** Heading texts carried by at least REPEATED_HEADING_PAGES indexed pages. */
export function repeatedHeadings(pages: SearchPageInput[]): Set<string> {
  const count = new Map<string, number>();
  for (const page of pages) {
    if (isBlog(page.route)) continue;
    for (const key of new Set(page.sections.filter((s) => s.id !== '').map((s) => headingKey(s.title))))
      count.set(key, (count.get(key) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n >= REPEATED_HEADING_PAGES).map(([key]) => key));
}

/**
 * Records in shard order: by context (config order, 'general' last), then route. `repeated`: the
 * pages' `repeatedHeadings`, if the caller has them.
 */
export function searchRecords(
  pages: SearchPageInput[],
  config: SiteConfig,
  repeated = repeatedHeadings(pages),
): SearchRecord[] {
  const order = [...config.search.contexts.map((c) => c.id), GENERAL];
  const sorted = pages
    .filter((p) => !isBlog(p.route))
    .map((page) => ({ page, context: contextOf(page.route, config.search.contexts) }))
    .sort(
      (a, b) =>
        order.indexOf(a.context) - order.indexOf(b.context) ||
        (a.page.route < b.page.route ? -1 : a.page.route > b.page.route ? 1 : 0),
    );
  const records: SearchRecord[] = [];
  for (const { page, context } of sorted) {
    const base = { u: page.route, s: page.title, b: page.breadcrumbs };
    const intro = page.sections.find((s) => s.id === '');
    records.push({
      doc: { ...base, h: '', t: page.title },
      route: page.route,
      context,
      title: page.title,
      // One phrase per keyword (and the route), comma-separated: a phrase's length ranks it (vocabulary.ts).
      keywords: [...page.keywords, page.route].join(', '),
      // The tagline shows under the home page's title: found with that page, from the titles shard.
      tagline: page.route === '/' ? config.tagline : '',
      description: page.description,
      prose: intro?.text ?? '',
      code: intro?.code ?? '',
      defines: '',
    });
    for (const section of page.sections) {
      if (section.id === '') continue;
      const generic = repeated.has(headingKey(section.title));
      records.push({
        doc: { ...base, h: section.id, t: section.title },
        route: page.route,
        context,
        title: generic ? '' : section.title,
        keywords: '',
        tagline: '',
        description: '',
        prose: generic ? `${section.title} ${section.text}` : section.text,
        code: section.code,
        defines: '',
      });
    }
    for (const d of page.defines ?? []) {
      records.push({
        doc: { ...base, h: d.id, t: d.term },
        route: page.route,
        context,
        title: d.term,
        keywords: '',
        tagline: '',
        description: '',
        prose: d.text,
        code: '',
        defines: `${d.term} ${d.also}`,
      });
    }
  }
  return records;
}
