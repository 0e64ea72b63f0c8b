/**
 * Manifest — dist/_data/manifest.json, the only file the reader fetches fresh.
 * Every route with its title and the content-versioned URL of its page JSON, the
 * `docs` sidebar, and the site config the reader needs. JSON Schema: dist/schema/manifest.json.
 */
import { z } from 'zod';
import { route } from './primitives.ts';
import { siteConfig } from './site-config.ts';
import { pageKinds } from './frontmatter.ts';

export { MANIFEST_VERSION } from './versions.ts';
import { MANIFEST_VERSION } from './versions.ts';

export interface SidebarItemOut {
  type: 'link' | 'category';
  label: string;
  /** Route (internal) or URL (external link). */
  href?: string;
  collapsed?: boolean;
  items?: SidebarItemOut[];
}

export const sidebarItem: z.ZodType<SidebarItemOut> = z.lazy(() =>
  z.object({
    type: z.enum(['link', 'category']),
    label: z.string(),
    href: z.string().optional(),
    collapsed: z.boolean().optional(),
    items: z.array(sidebarItem).optional(),
  }),
);

export const manifestRoute = z.object({
  title: z.string(),
  kind: z.enum(pageKinds),
  /** URL of the page JSON, with a content hash as query so it can be cached. */
  data: z.string(),
});

export const manifest = z.object({
  version: z.literal(MANIFEST_VERSION),
  /** Changes with every build that changes any output. */
  buildId: z.string(),
  site: siteConfig,
  routes: z.record(route, manifestRoute),
  sidebars: z.record(z.string(), z.array(sidebarItem)),
  /** URL of the search shard manifest. */
  search: z.string(),
  /** URL of the search worker script (a content-hashed asset); set once the reader is bundled. */
  searchWorker: z.string().optional(),
  /** Icon SVG bodies resolved at build time, by `prefix:name`. */
  icons: z.record(z.string(), z.object({ body: z.string(), width: z.number(), height: z.number() })),
});

export type Manifest = z.output<typeof manifest>;
export type ManifestRoute = z.output<typeof manifestRoute>;
