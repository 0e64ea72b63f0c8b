/**
 * Page JSON — written to dist/_data/pages/<route>.json, one per route.
 * The reader renders `ast` as it is (already sanitized and highlighted); other tools
 * may consume the same file. JSON Schema: dist/schema/page.json.
 */
import { z } from 'zod';
import { kindFrontmatter, pageKinds } from './frontmatter.ts';
import { route } from './primitives.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from './site-constants.ts';

export { PAGE_SCHEMA_VERSION } from './versions.ts';
import { PAGE_SCHEMA_VERSION } from './versions.ts';

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

export type PageData = z.output<typeof pageData>;
export type TocEntry = z.output<typeof tocEntry>;
export type Crumb = z.output<typeof crumb>;
