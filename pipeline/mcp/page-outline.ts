/**
 * A page's tree read in document order, once: its headings, the ids on it and its links.
 * From it, the section an anchor belongs to (the heading at or before the element with that
 * id) and the links of the page or of a section. (Search snippets read the twin instead:
 * twin-snippet.ts.)
 */
import type { ElementContent, Root } from 'hast';
import { isExternal } from '../../schema/paths.ts';
import { isPermalink } from '../../schema/page-toc.ts';

export type OutlineEvent =
  | { kind: 'heading'; depth: number; id: string; text: string }
  | { kind: 'id'; id: string }
  | { kind: 'link'; href: string; text: string };

export interface Section {
  /** The heading the section starts with; none for the page's introduction. */
  heading?: { depth: number; id: string; text: string };
  /** Which heading with the same depth and text it is (0: the first), to find it in the twin. */
  ordinal: number;
  /** Its events: from its heading to the next heading as high or higher. */
  events: OutlineEvent[];
}

const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

/** The tree's events in reading order. */
export function outlineOf(tree: Root): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  const walk = (nodes: (ElementContent | Root['children'][number])[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const { tagName, properties } = node;
      // The permalink is an `a`; a table of thousands of rows is mostly `tr`, `td` and `code`.
      if (tagName === 'a' && isPermalink(node)) continue;
      const id = typeof properties.id === 'string' ? properties.id : '';
      const depth = id && tagName.length === 2 && tagName[0] === 'h' ? Number(/^h([2-6])$/.exec(tagName)?.[1]) : 0;
      if (depth) {
        const text = node.children
          .filter((c) => !isPermalink(c))
          .map(textOf)
          .join('')
          .trim();
        events.push({ kind: 'heading', depth, id, text });
        continue;
      }
      if (id) events.push({ kind: 'id', id });
      if (tagName === 'a' && typeof properties.href === 'string')
        events.push({ kind: 'link', href: properties.href, text: textOf(node).trim() });
      walk(node.children);
    }
  };
  walk(tree.children);
  return events;
}

/** The section holding `anchor` (a heading's id, or any id in it); undefined when no element has that id. */
export function sectionOf(events: OutlineEvent[], anchor: string): Section | undefined {
  const at = events.findIndex((e) => (e.kind === 'heading' || e.kind === 'id') && e.id === anchor);
  if (at < 0) return undefined;
  let start = at;
  while (start > 0 && events[start].kind !== 'heading') start--;
  const first = events[start];
  if (first.kind !== 'heading') return { ordinal: 0, events: events.slice(0, nextHeading(events, 0, 1)) };
  const end = nextHeading(events, start + 1, first.depth);
  const ordinal = events
    .slice(0, start)
    .filter((e) => e.kind === 'heading' && e.depth === first.depth && e.text === first.text).length;
  return { heading: first, ordinal, events: events.slice(start, end) };
}

function nextHeading(events: OutlineEvent[], from: number, depth: number): number {
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    if (e.kind === 'heading' && e.depth <= depth) return i;
  }
  return events.length;
}

/** The ids a section can be asked by: its headings'. */
export const headingIds = (events: OutlineEvent[]) => events.flatMap((e) => (e.kind === 'heading' ? [e.id] : []));

export interface PageLink {
  /** A route of the site (with its anchor), or an external URL. */
  href: string;
  text: string;
  internal: boolean;
}

/** The links leaving the page (or section): other pages and other sites; each href once. */
export function linksOf(events: OutlineEvent[]): PageLink[] {
  const seen = new Map<string, PageLink>();
  for (const e of events) {
    if (e.kind !== 'link' || e.href.startsWith('#') || seen.has(e.href)) continue;
    seen.set(e.href, { href: e.href, text: e.text, internal: !isExternal(e.href) });
  }
  return [...seen.values()];
}
