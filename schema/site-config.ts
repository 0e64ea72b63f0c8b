/**
 * content/site.yaml — the site configuration, and content/sidebars.yaml — the sidebars.
 * Both are validated here; the manifest carries the parts the reader needs.
 * Descriptions are `.meta({ description })` so they reach dist/schema/*.json.
 */
import { z } from 'zod';
import { linkedText, route, sitePath, webUrl } from './primitives.ts';

const position = z
  .enum(['left', 'right'])
  .default('left')
  .meta({ description: 'Side of the navbar the item sits on.' });
const iconKey = z
  .string()
  .regex(/^[a-z0-9-]+:[a-z0-9-]+$/)
  .meta({ description: 'Icon key `prefix:name` from a bundled icon set, e.g. "lucide:book-open".' });

/** Navbar items. Each `type` has its own renderer in reader/shell/navbar-items.tsx. */
export const navbarItem = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('link'),
        label: z.string().min(1).meta({ description: 'Text of the link.' }),
        to: route.optional().meta({ description: 'Internal route.' }),
        href: webUrl
          .optional()
          .meta({ description: 'External URL; opens in a new tab with rel="noopener noreferrer".' }),
        position,
        icon: iconKey.optional(),
      })
      .strict()
      .refine((item) => Boolean(item.to) !== Boolean(item.href), {
        message: 'a link needs exactly one of "to" (internal) or "href" (external)',
      })
      .meta({ description: 'A link, internal (`to`) or external (`href`).' }),
    z
      .object({
        type: z.literal('localeDropdown'),
        position,
        icon: z.string().optional().meta({ description: 'Icon key `prefix:name`.' }),
      })
      .strict()
      .meta({ description: 'The language menu.' }),
    z
      .object({ type: z.literal('search'), position })
      .strict()
      .meta({ description: 'The search box.' }),
    z
      .object({ type: z.literal('colorModeToggle'), position })
      .strict()
      .meta({ description: 'The light / dark switch.' }),
  ])
  .meta({ description: 'A navbar item; `type` selects its renderer.' });

export const searchContext = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .meta({ description: 'Value of the `ctx` query parameter.' }),
    label: z.string().min(1).meta({ description: 'Shown in \'See all results within "{label}"\'.' }),
    paths: z
      .array(z.string().startsWith('/'))
      .min(1)
      .meta({ description: 'Route prefixes that belong to this context.' }),
  })
  .strict()
  .meta({ description: 'A search context: a part of the site whose results come first when searching from it.' });

export const siteConfig = z
  .object({
    title: z
      .string()
      .min(1)
      .meta({ description: 'Site title: the navbar brand and the end of every page title ("Page | Site").' }),
    tagline: z.string().min(1).meta({ description: 'Shown under the title on the home page (Russian on this site).' }),
    favicon: sitePath.meta({ description: 'Path of the favicon under content/public/.' }),
    url: webUrl.meta({ description: 'Production origin, for canonical URLs and the sitemap.' }),
    baseUrl: z.literal('/').meta({ description: 'The site is served from the root of its origin.' }),
    organizationName: z.string().min(1).meta({ description: 'Owner of the site (Docusaurus-compatible field).' }),
    projectName: z.string().min(1).meta({ description: 'Name of the docs project (Docusaurus-compatible field).' }),
    locale: z.literal('en').meta({ description: 'Language of the content.' }),
    version: z
      .string()
      .default('current')
      .meta({ description: 'Docs version, emitted as a meta tag and used by the search `version` parameter.' }),
    image: sitePath.meta({ description: 'Default social-sharing image.' }),
    environments: z.record(z.enum(['sandbox', 'production']), z.record(z.string(), webUrl)).meta({
      description: 'Base URLs by environment and name, defined once; prose refers to them with `:host[sandbox.api]`.',
    }),
    navbar: z
      .object({
        items: z.array(navbarItem).meta({ description: 'Navbar items, in order.' }),
        hideOnScroll: z
          .literal(false)
          .default(false)
          .meta({ description: 'The navbar stays in place while scrolling.' }),
      })
      .strict()
      .meta({ description: 'The top bar.' }),
    footer: z
      .object({
        copyright: z.string().min(1).meta({ description: 'Copyright line of the footer.' }),
      })
      .strict()
      .meta({ description: 'The page footer.' }),
    colorMode: z
      .object({
        defaultMode: z.enum(['light', 'dark']).default('light').meta({ description: 'Colour mode of a first visit.' }),
        disableSwitch: z.boolean().default(false).meta({ description: 'Hide the light / dark switch.' }),
        respectPrefersColorScheme: z
          .boolean()
          .default(false)
          .meta({ description: "Follow the system's colour scheme on a first visit." }),
      })
      .strict()
      .meta({ description: 'Light and dark mode.' }),
    announcementBar: z
      .object({
        id: z.string().min(1).meta({ description: 'Changing the id shows the bar again to readers who dismissed it.' }),
        content: linkedText.meta({
          description: 'Text of the bar, with "[label](/route)" or "[label](https://…)" links.',
        }),
        isCloseable: z.boolean().default(true).meta({ description: 'Readers can dismiss the bar.' }),
      })
      .strict()
      .optional()
      .meta({ description: 'A bar above the navbar on every page.' }),
    search: z
      .object({
        contexts: z.array(searchContext).default([]).meta({ description: 'Search contexts, by route prefix.' }),
        labels: z
          .array(
            z
              .object({
                prefix: z.string().startsWith('/').meta({ description: 'Route prefix.' }),
                label: z.string().meta({ description: 'Label shown on results under the prefix.' }),
              })
              .strict(),
          )
          .default([])
          .meta({ description: 'Result labels by route prefix, first match wins.' }),
        shortcut: z
          .string()
          .nullable()
          .default(null)
          .meta({ description: 'Keyboard shortcut that focuses the search box (null: disabled).' }),
        keyboardHint: z.boolean().default(false).meta({ description: 'Show the shortcut in the search box.' }),
      })
      .strict()
      .meta({ description: 'Search box and result settings.' }),
  })
  .strict()
  .meta({ description: 'content/site.yaml: the site configuration.' });

export type SiteConfig = z.output<typeof siteConfig>;
export type NavbarItem = z.output<typeof navbarItem>;

const sidebarCategory = z
  .object({
    type: z.literal('category'),
    label: z.string().min(1).meta({ description: 'Label of the category.' }),
    link: route.optional().meta({ description: 'Route the category label links to.' }),
    collapsed: z.boolean().optional().meta({ description: 'Start collapsed (the default) or open.' }),
    // A getter makes the schema recursive and lets TypeScript infer the type (zod v4).
    get items() {
      return z.array(sidebarConfigItem).meta({ description: 'Entries of the category.' });
    },
  })
  .strict()
  .meta({ description: 'A collapsible group of entries.' });

/** A sidebar entry in content/sidebars.yaml. */
export const sidebarConfigItem = z
  .union([
    route.meta({ description: 'A page by its route, e.g. "/introduction", labelled with its sidebar_label or title.' }),
    z
      .object({
        type: z.literal('doc'),
        id: route.meta({ description: 'Route of the page.' }),
        label: z.string().optional().meta({ description: "Label instead of the page's own." }),
      })
      .strict()
      .meta({ description: 'A page, with an optional label of its own.' }),
    z
      .object({
        type: z.literal('link'),
        label: z.string().meta({ description: 'Text of the link.' }),
        href: webUrl.meta({ description: 'External URL.' }),
      })
      .strict()
      .meta({ description: 'An external link.' }),
    sidebarCategory,
    z
      .object({
        type: z.literal('autogenerated'),
        dir: z.string().meta({ description: 'Content folder, e.g. "api/v2".' }),
      })
      .strict()
      .meta({ description: 'Every page under a content folder, nested by subfolder, ordered by sidebar_position.' }),
  ])
  .meta({ description: 'A sidebar entry.' });

export type SidebarConfigItem = z.output<typeof sidebarConfigItem>;

export const sidebarsConfig = z
  .record(z.string(), z.array(sidebarConfigItem))
  .meta({ description: 'content/sidebars.yaml: sidebars by name (only `docs` is shown).' });

/** content/<folder>/_category.yaml — label and order of an autogenerated category. */
export const categoryMeta = z
  .object({
    label: z.string().min(1).meta({ description: "Label of the folder's category." }),
    position: z.number().optional().meta({ description: 'Order among its siblings (lower first).' }),
    collapsed: z.boolean().default(true).meta({ description: 'Start collapsed.' }),
  })
  .strict()
  .meta({ description: 'content/<folder>/_category.yaml: label and order of an autogenerated category.' });
