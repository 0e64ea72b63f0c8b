/**
 * Stage helper: a page's hast tree → the compact `content` of its page JSON
 * (the format is documented in schema/page-codec.ts, which decodes it).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import type { ContentNode, ContentShape, EncodedContent, PageData, PageFile } from '../../schema/page.ts';
import { PAGE_CONTENT_ENCODING } from '../../schema/versions.ts';
import { toFileFrontmatter } from '../../schema/frontmatter.ts';
import { PERMALINK } from '../../schema/page-codec.ts';
import { permalinkOf } from '../../schema/page-toc.ts';
import { templated } from './content-templates.ts';
import { generatedOf } from '../../schema/generated/index.ts';

const shapeKey = (el: Element) => JSON.stringify([el.tagName, el.properties ?? {}]);

/**
 * Whether `children[i]` is exactly the `#` link the decoder makes for `parent` (so it travels as
 * PERMALINK): compared as JSON, which is what the page carries, property order included.
 */
function isOwnPermalink(parent: Element, children: ElementContent[], i: number): boolean {
  const child = children[i];
  if (child.type !== 'element' || child.tagName !== 'a' || !/^h[2-6]$/.test(parent.tagName)) return false;
  const expected = permalinkOf(parent, children.slice(0, i));
  return expected !== undefined && JSON.stringify(child) === JSON.stringify(expected);
}

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
  // A heading's own `#` link is left out of both walks: it travels as PERMALINK. So is generated
  // content: it travels as the data it is printed from (schema/generated/).
  const links = new Set<Element>();
  const count = (nodes: RootContent[], parent?: Element) => {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (n.type !== 'element' || generatedOf(n)) continue;
      if (parent && isOwnPermalink(parent, parent.children, i)) {
        links.add(n);
        continue;
      }
      const key = shapeKey(n);
      keys.push(key);
      const seen = uses.get(key);
      if (seen) seen.count++;
      else uses.set(key, { el: n, count: 1 });
      count(n.children, n);
    }
  };
  count(root.children);
  const shared = [...uses].filter(([, u]) => u.count > 1).sort((a, b) => b[1].count - a[1].count);
  const index = new Map(shared.map(([key], i) => [key, i]));
  const shapes: ContentShape[] = shared.map(
    ([, { el }]) => (hasProperties(el.properties) ? [el.tagName, el.properties] : [el.tagName]) as ContentShape,
  );
  const node = (n: RootContent): ContentNode => {
    if (n.type === 'text') return n.value;
    if (n.type !== 'element') return n as ContentNode;
    if (links.has(n)) return PERMALINK as unknown as ContentNode;
    const generated = generatedOf(n);
    if (generated) return generated;
    const at = index.get(keys[next++]);
    const children = templated(n.children.map(node), shapes);
    return at !== undefined
      ? [at, ...children]
      : [n.tagName, (n.properties ?? {}) as Record<string, never>, ...children];
  };
  return { encoding: PAGE_CONTENT_ENCODING, shapes, children: root.children.map(node) };
}

const hasProperties = (p: Properties | undefined) => p !== undefined && Object.keys(p).length > 0;

/**
 * The generated parts of a tree as printed, in the order a decoder meets them (depth first, a
 * part's own children not entered): what the build's own decoders take instead of printing
 * them again (link/generated-data.ts `generateFrom`).
 */
export function printedParts(root: Root): Element[] {
  const parts: Element[] = [];
  const visit = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type !== 'element') continue;
      if (generatedOf(n)) parts.push(n);
      else visit(n.children);
    }
  };
  visit(root.children);
  return parts;
}

/**
 * The page JSON file of a page: its frontmatter as files carry it, its tree encoded, last (the
 * page's head reads first). Not its TOC: the decoder reads that from the tree (schema/page-toc.ts).
 */
export function pageFile(page: PageData): PageFile {
  const { ast, frontmatter, toc: _toc, ...rest } = page;
  return { ...rest, frontmatter: toFileFrontmatter(frontmatter), content: encodeContent(ast as Root) };
}
