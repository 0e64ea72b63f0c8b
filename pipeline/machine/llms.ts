/**
 * llms.txt (llmstxt.org): the site title as H1, a one-paragraph summary as a quote,
 * then one H2 section per top-level sidebar category listing every page's Markdown
 * twin as `- [Title](url.md): description`; pages outside the sidebar come last.
 * llms-full.txt: every twin, in the same order, each followed by its source URL.
 */
import type { List, Root, RootContent } from 'mdast';
import type { PageData } from '../../schema/page.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import { flattenSidebar } from '../link/sidebar.ts';
import { inlineMarkdown, pageUrl, toMarkdownText, twinUrl } from './markdown-twin.ts';

type Listed = Pick<PageData, 'route' | 'title' | 'description'>;

export interface LlmsInput {
  siteTitle: string;
  siteUrl: string;
  /** One paragraph saying what the site is (the home page's description). */
  summary: string;
  sidebar: SidebarItemOut[];
  pages: Listed[];
  /** Other machine-readable files worth listing, e.g. the OpenAPI documents. */
  extras?: { title: string; items: { label: string; url: string; description: string }[] };
}

export const OTHER_PAGES = 'Other pages';

/** Pages grouped by top-level sidebar category, in sidebar order; every page exactly once. */
export function sections<T extends Listed>(sidebar: SidebarItemOut[], pages: T[]): { title: string; pages: T[] }[] {
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const out = new Map<string, T[]>();
  const seen = new Set<string>();
  for (const top of sidebar) {
    const title = top.type === 'category' ? top.label : OTHER_PAGES;
    // A category's own page (its link) belongs to it too.
    for (const entry of flattenSidebar([top])) {
      const page = byRoute.get(entry.route);
      if (!page || seen.has(page.route)) continue;
      seen.add(page.route);
      out.set(title, [...(out.get(title) ?? []), page]);
    }
  }
  const rest = pages.filter((p) => !seen.has(p.route));
  if (rest.length) out.set(OTHER_PAGES, [...(out.get(OTHER_PAGES) ?? []), ...rest]);
  return [...out].map(([title, list]) => ({ title, pages: list }));
}

const linkList = (items: { label: string; url: string; description: string }[]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((i) => ({
    type: 'listItem',
    spread: false,
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'link', url: i.url, children: [{ type: 'text', value: i.label }] },
          ...(i.description ? [{ type: 'text' as const, value: ': ' }, ...inlineMarkdown(i.description)] : []),
        ],
      },
    ],
  })),
});

export function llmsTxt(input: LlmsInput): string {
  const children: RootContent[] = [
    { type: 'heading', depth: 1, children: [{ type: 'text', value: input.siteTitle }] },
    { type: 'blockquote', children: [{ type: 'paragraph', children: inlineMarkdown(input.summary) }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Every page below is Markdown; the same page as HTML is at the URL without ".md".' },
      ],
    },
  ];
  for (const section of sections(input.sidebar, input.pages)) {
    children.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: section.title }] });
    children.push(
      linkList(
        section.pages.map((p) => ({
          label: p.title,
          url: twinUrl(input.siteUrl, p.route),
          description: p.description,
        })),
      ),
    );
  }
  if (input.extras?.items.length) {
    children.push(
      { type: 'heading', depth: 2, children: [{ type: 'text', value: input.extras.title }] },
      linkList(input.extras.items),
    );
  }
  return toMarkdownText({ type: 'root', children } satisfies Root);
}

const NEWLINE = Buffer.from('\n');

/**
 * Every page's twin (`twinOf`) in llms.txt order, each with its source URL under the title, as
 * UTF-8: joined from the twins' bytes, the file is never one string (measured: bench/HISTORY.md, llms-full.txt).
 */
export function llmsFullTxt(input: LlmsInput, twinOf: (route: string) => string | Uint8Array): Buffer {
  const pages = sections(input.sidebar, input.pages).flatMap((s) => s.pages);
  // The "Source: <url>" lines in one conversion, not one per page (at 10,000 pages the
  // per-call set-up of mdast-util-to-markdown was most of this file's time); a line holds
  // no blank line, so the blank lines between the paragraphs split them again.
  const sourceLines = toMarkdownText({
    type: 'root',
    children: pages.map((page) => ({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Source: ' },
        {
          type: 'link',
          url: pageUrl(input.siteUrl, page.route),
          children: [{ type: 'text', value: pageUrl(input.siteUrl, page.route) }],
        },
      ],
    })),
  }).split('\n\n');
  const parts: Uint8Array[] = [];
  pages.forEach((page, i) => {
    const made = twinOf(page.route);
    const twin =
      typeof made === 'string' ? Buffer.from(made) : Buffer.from(made.buffer, made.byteOffset, made.byteLength);
    const source = Buffer.from(`${sourceLines[i].replace(/\n$/, '')}\n`);
    if (i) parts.push(NEWLINE);
    // A twin opens with its one-line H1.
    const cut = twin.indexOf('\n\n');
    if (cut < 0) parts.push(twin, NEWLINE, source);
    else parts.push(twin.subarray(0, cut + 2), source, NEWLINE, twin.subarray(cut + 2));
  });
  return Buffer.concat(parts);
}
