/**
 * Small emitted artefacts: manifest, sitemap, JSON Schema of every contract, icons.
 */
import { createRequire } from 'node:module';
import { projectPath } from '../paths.ts';
import { computeNow, type Keep } from '../incremental/memo.ts';
import { z } from 'zod';
import { getIconData } from '@iconify/utils';
import { x } from 'xastscript';
import { toXml } from 'xast-util-to-xml';
import type { Manifest } from '../../schema/manifest.ts';
import { manifest as manifestSchema, MANIFEST_VERSION } from '../../schema/manifest.ts';
import { pageFile } from '../../schema/page.ts';
import { siteConfig, sidebarsConfig } from '../../schema/site-config.ts';
import { frontmatter, frontmatterByKind } from '../../schema/frontmatter.ts';
import { dataFiles } from '../../schema/data.ts';
import { searchManifest, searchShard } from '../../search/format/index.ts';
import { diffReport } from '../../schema/diff-report.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { SidebarItemOut } from '../../schema/manifest.ts';

/** The formats JSON Schema 2020-12 defines; stock validators (ajv) refuse others. */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/**
 * zod writes its own string checks as formats (`.startsWith` → `format: "starts_with"`)
 * beside an equivalent `pattern`; the pattern alone says the same in standard terms.
 */
function dropNonStandardFormat(ctx: { jsonSchema: { format?: string } }): void {
  if (ctx.jsonSchema.format && !STANDARD_FORMATS.has(ctx.jsonSchema.format)) delete ctx.jsonSchema.format;
}

/** The contracts published as JSON Schema, by name. */
const schemaEntries = (): Record<string, z.ZodType> => ({
  'site-config': siteConfig,
  sidebars: sidebarsConfig,
  page: pageFile,
  manifest: manifestSchema,
  frontmatter: frontmatter,
  'search-manifest': searchManifest,
  'search-shard': searchShard,
  'diff-report': diffReport,
  ...Object.fromEntries(Object.entries(frontmatterByKind).map(([kind, schema]) => [`frontmatter-${kind}`, schema])),
  ...Object.fromEntries(Object.entries(dataFiles).map(([k, v]) => [`data-${k}`, z.array(v)])),
});

const schemaFile = (name: string) => `schema/${name}.json`;

/** JSON Schema files for dist/schema/, generated from the zod schemas (the single source). */
export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemaEntries())) {
    out[name] = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      cycles: 'ref',
      override: dropNonStandardFormat,
    });
  }
  return out;
}

const require = createRequire(projectPath('package.json'));

/** Resolve icon keys (prefix:name) from the installed offline icon sets. Missing ones are left to the reader. */
export function resolveIcons(keys: string[]): Manifest['icons'] {
  const icons: Manifest['icons'] = {};
  const sets = new Map<string, unknown>();
  for (const key of keys) {
    const [prefix, name] = key.split(':');
    if (!sets.has(prefix)) {
      try {
        sets.set(prefix, require(`@iconify-json/${prefix}/icons.json`));
      } catch {
        sets.set(prefix, null);
      }
    }
    const set = sets.get(prefix) as Parameters<typeof getIconData>[0] | null;
    const data = set ? getIconData(set, name) : null;
    if (data) icons[key] = { body: data.body, width: data.width ?? 24, height: data.height ?? 24 };
  }
  return icons;
}

export function iconKeys(site: SiteConfig): string[] {
  return site.navbar.items.flatMap((i) => ('icon' in i && i.icon ? [i.icon] : []));
}

export function buildManifest(input: {
  site: SiteConfig;
  buildId: string;
  routes: Manifest['routes'];
  sidebar: SidebarItemOut[];
  search: string;
  icons: Manifest['icons'];
  apiErrors: string;
}): Manifest {
  return {
    version: MANIFEST_VERSION,
    buildId: input.buildId,
    site: input.site,
    routes: input.routes,
    sidebars: { docs: input.sidebar },
    search: input.search,
    apiErrors: input.apiErrors,
    icons: input.icons,
  };
}

/** sitemap.xml, built as an XML tree so every value is escaped by the serializer. */
export function sitemap(baseUrl: string, routes: { route: string; lastmod?: string }[]): string {
  const base = baseUrl.replace(/\/$/, '');
  const urls = routes.map((r) =>
    x('url', [x('loc', base + (r.route === '/' ? '/' : r.route)), r.lastmod ? x('lastmod', r.lastmod) : undefined]),
  );
  const tree = x(null, [
    { type: 'instruction', name: 'xml', value: 'version="1.0" encoding="UTF-8"' },
    '\n',
    x('urlset', { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' }, [
      '\n',
      ...urls.flatMap((u) => ['  ', u, '\n']),
    ]),
    '\n',
  ]);
  return toXml(tree);
}

const SITE_FILES = {
  sitemap: 'sitemap.xml',
  robots: 'robots.txt',
  headers: '_headers',
  redirects: '_redirects',
} as const;

/** The names `siteFiles` writes. */
export const siteFileNames = (): string[] => [
  ...Object.values(SITE_FILES),
  ...Object.keys(schemaEntries()).map(schemaFile),
];

/** sitemap.xml, robots.txt, the JSON Schemas and the host files (_headers, _redirects). */
export async function siteFiles(
  url: string,
  pages: { route: string; lastUpdated?: string }[],
  put: (name: string, contents: string) => void,
  keep: Keep = computeNow,
) {
  put(
    SITE_FILES.sitemap,
    sitemap(
      url,
      pages.map((p) => ({ route: p.route, lastmod: p.lastUpdated })),
    ),
  );
  put(SITE_FILES.robots, `User-agent: *\nAllow: /\nSitemap: ${url.replace(/\/$/, '')}/${SITE_FILES.sitemap}\n`);
  // Hosting rules for Netlify / Cloudflare Pages, from the rules paydocs serve applies.
  const { headersFile, redirectsFile } = await import('../host/host-files.ts');
  put(SITE_FILES.headers, headersFile());
  put(SITE_FILES.redirects, redirectsFile(pages.map((p) => p.route)));
  // A function of the code alone (the memo's keys carry the code hash): kept, not converted again each build.
  for (const [name, schema] of Object.entries(keep('json-schemas', [], jsonSchemas)))
    put(schemaFile(name), JSON.stringify(schema, null, 2));
}
