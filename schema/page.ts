/**
 * Page JSON — written to dist/_data/pages/<route>.json, one per route (`pageFile`):
 * the page's hast tree travels in the compact encoding of schema/page-codec.ts
 * (`content`); decoded, it is `pageData`, the page as the pipeline and the reader
 * hold it (`ast`, already sanitized and highlighted). Other tools may consume the
 * same file. JSON Schema: dist/schema/page.json.
 */
import { z } from 'zod';
import { fileFrontmatter, kindFrontmatter, pageKinds } from './frontmatter.ts';
import { route } from './primitives.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from './site-constants.ts';

export { PAGE_SCHEMA_VERSION, PAGE_CONTENT_ENCODING } from './versions.ts';
import { PAGE_CONTENT_ENCODING, PAGE_SCHEMA_VERSION } from './versions.ts';
import type { GeneratedContent } from './generated/index.ts';

export const tocEntry = z.object({
  depth: z.number().int().min(TOC_MIN_LEVEL).max(TOC_MAX_LEVEL),
  /** Heading id (GitHub slug). */
  id: z.string(),
  text: z.string(),
});

export const crumb = z.object({ label: z.string(), href: route.optional() });

export const pageLink = z.object({ route, title: z.string() });

/** A hast node, kept loose here: the hast spec is the contract (github.com/syntax-tree/hast). */
export const hastNode: z.ZodType<{ type: string; [key: string]: unknown }> = z.looseObject({ type: z.string() });

export const pageData = z.object({
  schemaVersion: z.literal(PAGE_SCHEMA_VERSION),
  route,
  kind: z.enum(pageKinds),
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  breadcrumbs: z.array(crumb),
  toc: z.array(tocEntry),
  /** ISO date of the last change. */
  lastUpdated: z.string().optional(),
  prev: pageLink.optional(),
  next: pageLink.optional(),
  /** The validated frontmatter, with defaults applied: the schema of the page's kind (schema/frontmatter.ts). */
  frontmatter: kindFrontmatter,
  /** hast Root, no positions. */
  ast: z.object({ type: z.literal('root'), children: z.array(hastNode) }),
});

/** hast property values (className: string[], dataLang: string, colSpan: number, hidden: boolean…). */
const propertyValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);
export const hastProperties = z.record(z.string(), propertyValue);

/** An element's tag name and properties, kept once in `content.shapes` when several elements share them. */
export const contentShape = z.union([z.tuple([z.string()]), z.tuple([z.string(), hastProperties])]);

/**
 * One node of the encoded tree (schema/page-codec.ts): a string is a text node; an
 * array is an element — `[shapeIndex, ...children]` or `[tagName, properties, ...children]`;
 * an object with a `type` is any other hast node as it is (a comment). Among an h2–h6's
 * children, the number 0 is the heading's `#` link (page-toc.ts `permalinkOf`). Among an
 * element's children, a template (`{ each, rows }`) stands for one child per row. A
 * `{ generated, from }` is an element printed from data (schema/generated/).
 */
export type ContentNode =
  | string
  | [number | string, ...unknown[]]
  | { type: string; [key: string]: unknown }
  | ContentTemplate
  | GeneratedContent;
/**
 * Like children written once: `each` is an encoded node where `{ $: k }` (a text or an inline
 * property value) is the row's k-th value.
 */
export interface ContentTemplate {
  each: [number | string, ...unknown[]];
  rows: unknown[][];
}
export const contentTemplate: z.ZodType<ContentTemplate> = z.strictObject({
  each: z
    .array(z.unknown())
    .min(1)
    .meta({
      description:
        'An encoded element in which { "$": k } stands for the row\'s ' +
        "k-th value (a text node, or an inline element's property value).",
    }),
  rows: z
    .array(z.array(propertyValue))
    .meta({ description: 'One child per row: the values its { "$": k } holes take.' }),
}) as unknown as z.ZodType<ContentTemplate>;
/** Generated content (schema/generated/index.ts): the data an element is printed from. */
export const generatedContent = z.discriminatedUnion('generated', [
  z
    .strictObject({
      generated: z.literal('api-samples'),
      from: z.looseObject({
        method: z.string(),
        version: z.enum(['v1', 'v2']),
        url: z.string(),
        headers: z.array(z.tuple([z.string(), z.string()])),
        authNames: z.array(z.string()),
      }),
    })
    .meta({
      description: "An API page's code-sample tabs, printed from this request (schema/generated/api-samples.ts).",
    }),
  z
    .strictObject({
      generated: z.literal('api-errors'),
      from: z.strictObject({ version: z.enum(['v1', 'v2']), codes: z.array(z.string()) }),
    })
    .meta({
      description:
        "An API page's error table: one row per code, from the site's error " +
        'data (manifest `data.apiErrors`; schema/generated/api-errors.ts).',
    }),
]) as unknown as z.ZodType<GeneratedContent>;
export const contentNode: z.ZodType<ContentNode> = z.lazy(() =>
  z.union([
    z.string(),
    generatedContent,
    z.tuple([z.number().int().min(0)], elementChild),
    z.tuple([z.string(), hastProperties], elementChild),
    z.looseObject({ type: z.string() }),
  ]),
) as z.ZodType<ContentNode>;
const elementChild = z.union([contentNode, z.literal(0), contentTemplate]);

export const encodedContent = z
  .object({
    /** The encoding's version (schema/versions.ts). */
    encoding: z
      .literal(PAGE_CONTENT_ENCODING)
      .meta({ description: 'Version of this encoding; a decoder that does not know it should stop.' }),
    /** Shared [tagName, properties?] pairs, most used first; elements name them by index. */
    shapes: z.array(contentShape).meta({
      description:
        'Shared [tagName, properties?] pairs of hast elements, named by index by [index, ...children] nodes.',
    }),
    /** The root's children. */
    children: z.array(contentNode).meta({
      description:
        "The hast root's children: a string is a text node; [shapeIndex, ...children] or " +
        '[tagName, properties, ...children] an element; an object any other hast node as ' +
        "it is. Among a heading's children, 0 is its `#` link; among an element's, { each, " +
        'rows } is one child per row; { generated, from } is an element printed from data.',
    }),
  })
  .meta({
    description:
      'The page\'s hast Root in the compact encoding of schema/page-codec.ts (README: "The page JSON contract").',
  });

/**
 * The page JSON file: the page with its tree encoded (`content` in place of `ast`) and its
 * frontmatter as files carry it (an API operation as its summary: schema/frontmatter.ts).
 * Its TOC is read from the tree when decoded (schema/page-toc.ts), not carried (schemaVersion 4).
 */
export const pageFile = pageData.omit({ ast: true, frontmatter: true, toc: true }).extend({
  frontmatter: fileFrontmatter,
  /** The hast Root, encoded (schema/page-codec.ts; README "The page JSON contract"). */
  content: encodedContent,
});

export type PageData = z.output<typeof pageData>;
export type PageFile = z.output<typeof pageFile>;
/**
 * A page as the reader holds it: the file with its tree decoded (schema/page-codec.ts). The
 * pipeline's PageData is one too.
 */
export type ReaderPage = Omit<PageFile, 'content'> & Pick<PageData, 'ast' | 'toc'>;
export type EncodedContent = z.output<typeof encodedContent>;
export type ContentShape = z.output<typeof contentShape>;
export type TocEntry = z.output<typeof tocEntry>;
export type Crumb = z.output<typeof crumb>;
