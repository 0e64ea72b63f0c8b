/**
 * Stage helper: a page's hast tree → the compact `content` of its page JSON
 * (the format is documented in schema/page-codec.ts, which decodes it).
 */
import type { Element, Properties, Root, RootContent } from 'hast';
import type { ContentNode, ContentShape, EncodedContent, PageData, PageFile } from '../../schema/page.ts';
import { PAGE_CONTENT_ENCODING } from '../../schema/versions.ts';
import { toFileFrontmatter } from '../../schema/frontmatter.ts';

const shapeKey = (el: Element) => JSON.stringify([el.tagName, el.properties ?? {}]);

/**
 * Encode a hast Root. Shapes used by two elements or more are shared, most used first
 * (small indexes). The root's own `data` (rehype-raw's quirks-mode note) is not content: not carried.
 */
export function encodeContent(root: Root): EncodedContent {
  const uses = new Map<string, { el: Element; count: number }>();
  // Each element's key, made once, in the order both walks meet the elements (depth first,
  // an element before its children): stringifying them twice was a fifth of the encoding.
  const keys: string[] = [];
  let next = 0;
  const count = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type !== 'element') continue;
      const key = shapeKey(n);
      keys.push(key);
      const seen = uses.get(key);
      if (seen) seen.count++; else uses.set(key, { el: n, count: 1 });
      count(n.children);
    }
  };
  count(root.children);
  const shared = [...uses].filter(([, u]) => u.count > 1).sort((a, b) => b[1].count - a[1].count);
  const index = new Map(shared.map(([key], i) => [key, i]));
  const shapes: ContentShape[] = shared.map(([, { el }]) => (hasProperties(el.properties) ? [el.tagName, el.properties] : [el.tagName]) as ContentShape);
  const node = (n: RootContent): ContentNode => {
    if (n.type === 'text') return n.value;
    if (n.type !== 'element') return n as ContentNode;
    const at = index.get(keys[next++]);
    const children = n.children.map(node);
    return at !== undefined ? [at, ...children] : [n.tagName, (n.properties ?? {}) as Record<string, never>, ...children];
  };
  return { encoding: PAGE_CONTENT_ENCODING, shapes, children: root.children.map(node) };
}

const hasProperties = (p: Properties | undefined) => p !== undefined && Object.keys(p).length > 0;

/** The page JSON file of a page: its frontmatter as files carry it, its tree encoded, last (the page's head reads first). */
export function pageFile(page: PageData): PageFile {
  const { ast, frontmatter, ...rest } = page;
  return { ...rest, frontmatter: toFileFrontmatter(frontmatter), content: encodeContent(ast as Root) };
}
