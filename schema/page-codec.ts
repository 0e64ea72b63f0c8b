/**
 * The compact encoding of a page's hast tree in page JSON (`content`, schema/page.ts),
 * decoded here for the reader, the prerenderer and any other tool. Free of Node and zod
 * (type imports only). The encoder is pipeline/link/encode-content.ts.
 *
 * Why: hast spells every node as `{"type":"element","tagName":…,"properties":…,"children":[…]}`;
 * a highlighted code sample is hundreds of such spans. Here a text node is its string, an
 * element a positional array, and a tag name with its properties shared by several
 * elements (`span.hljs-string`, `td`, `code`) is kept once in `shapes` and named by index:
 *
 *   ["p", {}, "Sign it with ", [3, "HMAC-SHA256"], "."]      one-off shape, inline
 *   [0, "\"payin\""]                                        shapes[0] = ["span", {"className":["hljs-string"]}]
 *   ["h2", {"id":"errors"}, "Errors", 0]                    0: the heading's `#` link (page-toc.ts), made again here
 *   [4, {"each": ["tr", {"id": {"$":0}}, [0, [1, {"$":0}]], [0, {"$":1}]],
 *        "rows": [["AED", "UAE Dirham"], ["AFN", "Afghani"], …]}]   like children written once (a template)
 *   {"generated": "api-samples", "from": {"method": "POST", …}}    an element printed from data (generated/)
 *
 * Decoding gives back the same hast Root the pipeline encoded (no positions), and the page
 * its TOC, which is read from that tree (page-toc.ts) rather than carried in the file.
 * Generated content is printed by the `generate` the caller gives: the printers and their
 * grammars are not in this module, so the reader loads them only for pages that have some
 * (`generatedIn` tells which).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import type { ContentNode, ContentTemplate, EncodedContent, PageFile, ReaderPage } from './page.ts';
import { PAGE_CONTENT_ENCODING } from './versions.ts';
import { permalinkOf, tocOf } from './page-toc.ts';
import type { GeneratedContent } from './generated/index.ts';

/** Prints a part of generated content (schema/generated/index.ts `generate`, with the data it needs). */
export type Generate = (part: GeneratedContent) => Element;

/** The child that stands for its heading's `#` link. */
export const PERMALINK = 0;

/** Content this decoder cannot read: a malformed node, or (ContentVersionError) another encoding version. */
export class ContentEncodingError extends Error {}
/** Content in an encoding version this decoder does not know: written by another version of paydocs. */
export class ContentVersionError extends ContentEncodingError {}

type Hole = { $: number };
/** The encoding's objects that are not hast nodes (a hast node as it is has a `type`), told apart by their key. */
const objectWith =
  <T>(key: string) =>
  (v: unknown): v is T =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && key in v && !('type' in v);
const isHole = objectWith<Hole>('$');
const isTemplate = objectWith<ContentTemplate>('each');
const isGenerated = objectWith<GeneratedContent>('generated');

/**
 * The names of the generated content in encoded content (`api-samples`, …), each once: what a
 * decoder needs to `generate`.
 */
export function generatedIn(content: EncodedContent): Set<GeneratedContent['generated']> {
  const names = new Set<GeneratedContent['generated']>();
  const visit = (n: unknown): void => {
    if (isGenerated(n)) names.add(n.generated);
    else if (Array.isArray(n)) for (const child of n) visit(child);
    else if (isTemplate(n)) visit(n.each);
  };
  for (const n of content?.children ?? []) visit(n);
  return names;
}

/** The row's value for `hole`: a template's `{ $: k }` is the row's k-th value. */
function holeValue(hole: Hole, row: unknown[]): unknown {
  if (!(hole.$ in row))
    throw new ContentEncodingError(`a template names value ${hole.$}, but its row has ${row.length}`);
  return row[hole.$];
}

/** An inline shape's properties as a fresh object (hast consumers may change a node's own), holes filled from `row`. */
function ownProperties(properties: Properties, row: unknown[] | undefined): Properties {
  if (!row) return { ...properties };
  const own: Properties = {};
  for (const key in properties) {
    const value = properties[key];
    own[key] = (isHole(value) ? holeValue(value, row) : value) as Properties[string];
  }
  return own;
}

/**
 * The hast Root of encoded page content. Throws ContentEncodingError on another encoding version,
 * a malformed node, or generated content without a `generate` (or one that fails).
 */
export function decodeContent(content: EncodedContent, generate?: Generate): Root {
  if (content?.encoding !== PAGE_CONTENT_ENCODING) {
    throw new ContentVersionError(
      `page content encoding ${String(content?.encoding)} is not the ${PAGE_CONTENT_ENCODING} this decoder reads`,
    );
  }
  const { shapes } = content;
  const printed = (part: GeneratedContent): Element => {
    if (!generate)
      throw new ContentEncodingError(
        `the content has generated content ("${String(part.generated)}") and no generate to print it`,
      );
    try {
      return generate(part);
    } catch (error) {
      throw new ContentEncodingError(
        `generated content "${String(part.generated)}" could not be printed: ${(error as Error).message}`,
      );
    }
  };
  // `row`: inside a template's `each`, the row its holes are filled from (decoded as they are met, with no
  // encoded copy of the rows made first: a reference table is thousands of them).
  const node = (n: ContentNode, row?: unknown[]): RootContent => {
    if (typeof n === 'string') return { type: 'text', value: n };
    if (row && isHole(n)) return node(holeValue(n, row) as ContentNode);
    if (isGenerated(n)) return printed(n);
    if (!Array.isArray(n)) return n as RootContent;
    const head = n[0];
    const shared = typeof head === 'number';
    const shape = shared ? shapes[head] : undefined;
    if (shared && !shape) throw new ContentEncodingError(`element names shape ${head}, but there are ${shapes.length}`);
    const tagName = shape ? shape[0] : (head as string);
    const properties = (shape ? shape[1] : n[1]) as Properties | undefined;
    const children: ElementContent[] = [];
    const element: Element = {
      type: 'element',
      tagName,
      properties: properties ? ownProperties(properties, shape ? undefined : row) : {},
      children,
    };
    for (let i = shared ? 1 : 2; i < n.length; i++) {
      const child = n[i];
      if (isTemplate(child)) {
        for (const each of child.rows) children.push(node(child.each as ContentNode, each) as ElementContent);
        continue;
      }
      if (child !== PERMALINK) {
        children.push(node(child as ContentNode, row) as ElementContent);
        continue;
      }
      const link = permalinkOf(element, children);
      if (!link) throw new ContentEncodingError(`a ${tagName} without an id has a heading link (${PERMALINK})`);
      children.push(link);
    }
    return element;
  };
  return { type: 'root', children: content.children.map((n) => node(n)) };
}

/** A page JSON file → the page with its hast tree (`ast`) and its TOC (none when the page hides it). */
export function pageFromFile(file: PageFile, generate?: Generate): ReaderPage {
  const { content, ...rest } = file;
  const ast = decodeContent(content, generate);
  return {
    ...rest,
    toc: (file.frontmatter as { hide_toc?: boolean }).hide_toc ? [] : tocOf(ast),
    ast: ast as ReaderPage['ast'],
  };
}
