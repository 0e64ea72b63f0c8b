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

/** One entry of the resolved sidebar (pipeline/link/sidebar.ts builds it from content/sidebars.yaml). */
export const sidebarItem = z
  .object({
    type: z.enum(['link', 'category']).meta({ description: 'A link, or a category holding `items`.' }),
    label: z.string().meta({ description: 'Text shown in the sidebar.' }),
    href: z
      .string()
      .optional()
      .meta({ description: 'Route (internal) or URL (external link); for a category, the page its label links to.' }),
    collapsed: z.boolean().optional().meta({ description: 'A category starts collapsed.' }),
    // A getter makes the schema recursive and lets TypeScript infer the type (zod v4).
    get items() {
      return z.array(sidebarItem).optional().meta({ description: 'Entries of a category.' });
    },
  })
  .meta({ description: 'A sidebar entry: a link or a category.' });

export type SidebarItemOut = z.output<typeof sidebarItem>;

export const manifestRoute = z
  .object({
    title: z.string().meta({ description: 'Page title.' }),
    kind: z.enum(pageKinds).meta({ description: 'Page kind (frontmatter `kind`).' }),
    data: z.string().meta({ description: 'URL of the page JSON, with a content hash as query so it can be cached.' }),
  })
  .meta({ description: 'A route of the site.' });

export const manifest = z
  .object({
    version: z.literal(MANIFEST_VERSION).meta({ description: 'Version of this contract.' }),
    buildId: z.string().meta({ description: 'Changes with every build that changes any output.' }),
    site: siteConfig,
    routes: z.record(route, manifestRoute).meta({ description: 'Every route of the site.' }),
    sidebars: z.record(z.string(), z.array(sidebarItem)).meta({ description: 'Resolved sidebars by name (`docs`).' }),
    search: z.string().meta({ description: 'URL of the search shard manifest.' }),
    apiErrors: z.string().meta({
      description:
        "URL of the error rows API pages' error tables print (content-hashed " +
        'JSON: [{ code, number, http_status, description, resolution }]); ' +
        'a page JSON names only its codes (README "The page JSON contract").',
    }),
    searchWorker: z.string().optional().meta({
      description: 'URL of the search worker script (a content-hashed asset); set once the reader is bundled.',
    }),
    serviceWorker: z
      .string()
      .optional()
      .meta({
        description:
          'URL of the offline-reading service worker; a build sets it, ' +
          '`paydocs dev` does not (and the reader then unregisters any).',
      }),
    icons: z
      .record(
        z.string(),
        z.object({
          body: z.string().meta({ description: 'SVG body of the icon.' }),
          width: z.number().meta({ description: "Width of the icon's view box." }),
          height: z.number().meta({ description: "Height of the icon's view box." }),
        }),
      )
      .meta({ description: 'Icon SVG bodies resolved at build time, by `prefix:name`.' }),
  })
  .meta({ description: 'dist/_data/manifest.json: routes, sidebar and site config for the reader.' });

export type Manifest = z.output<typeof manifest>;
export type ManifestRoute = z.output<typeof manifestRoute>;
