/**
 * The API's releases and what each one changed: content/data/releases.yaml, the single
 * source of the changelog page (/changelog), its Atom feed (/changelog.xml), the lifecycle
 * badges (`since`, `deprecated.in` name a release id) and of `paydocs diff`'s verdict on
 * whether a breaking change is declared. A build publishes the validated list as
 * `RELEASES_FILE` so that `paydocs diff` can read it from a built dist/ alone.
 * Browser-safe: zod only.
 */
import { z } from 'zod';

/** Where a build writes the releases (inside dist/). */
export const RELEASES_FILE = '_data/releases.json';

export { CHANGELOG_FEED, CHANGELOG_FEED_TITLE, CHANGELOG_ROUTE } from './changelog-paths.ts';

/**
 * A release's anchor on /changelog: the slug of its heading "<date> — <title>", as the
 * hand-written changelog's headings were named (`2024-10-01--api-v1-feature-freeze`), so
 * links made before the changelog was generated still land on their entry.
 */
export const releaseAnchor = (r: { date: string; title: string }): string =>
  `${r.date} — ${r.title}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

/** The APIs a release can touch: the two transaction API versions and the Reports API. */
export const releaseApi = z.enum(['v1', 'v2', 'reports']);

/** A release id: its date's month, with a suffix when a month has two (`2025-06`, `2025-06b`). */
export const releaseId = z
  .string()
  .regex(/^\d{4}-\d{2}[a-z]?$/, 'a release id such as "2025-06" (YYYY-MM, a letter for a second one in a month)');

/** An ISO calendar date (quote it in YAML, or the parser makes a Date of it). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as "2025-06-30"');

/**
 * One change a release declares. `operation` is the operation page's route
 * (`/api/v2/transaction/create`); `field` a dotted path below `request.` or `response.`
 * (`response.customer.email`); `value` an enum value of that field. `breaking` is the
 * release's own verdict; `paydocs diff` accepts a breaking change as declared when a
 * change of the head's releases names the same operation, field and value.
 */
export const releaseChange = z
  .object({
    api: releaseApi.meta({ description: 'The API the change is in: v1, v2 or reports.' }),
    operation: z
      .string()
      .regex(/^\/api\/[a-z0-9_\-/]+$/, 'an operation route such as "/api/v2/transaction/create"')
      .meta({ description: 'The operation page\'s route, e.g. "/api/v2/transaction/create".' }),
    field: z
      .string()
      .regex(/^(request|response)(\.[a-z][a-z0-9_]*)+$/, 'a field path such as "response.customer.email"')
      .optional()
      .meta({ description: 'The field, as a dotted path below request. or response.; none: the operation itself.' }),
    value: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .meta({ description: 'The enum value of that field the change is about.' }),
    change: z
      .enum(['added', 'removed', 'changed', 'deprecated', 'renamed'])
      .meta({ description: 'What happened to the operation, field or value.' }),
    breaking: z
      .boolean()
      .default(false)
      .meta({ description: 'Whether an integration written for the previous release can break.' }),
    description: z.string().min(1).meta({ description: 'The change in words, for the changelog.' }),
  })
  .strict()
  .meta({ description: 'A change a release declares (paydocs diff accepts a breaking change it names).' });

export const release = z
  .object({
    id: releaseId.meta({ description: 'The release id: YYYY-MM, a letter for a second release in a month.' }),
    date: isoDate.meta({ description: 'The release date (YYYY-MM-DD, quoted in YAML).' }),
    title: z.string().min(1).meta({ description: "The release's title on /changelog and in the feed." }),
    summary: z.string().min(1).meta({ description: 'What the release brings, in a sentence or two.' }),
    apis: z.array(releaseApi).min(1).meta({ description: 'The APIs it touches (the changelog filter).' }),
    changes: z.array(releaseChange).default([]).meta({ description: 'The changes it declares.' }),
  })
  .strict()
  .meta({ description: 'A row of content/data/releases.yaml: an API release.' });

/** content/data/releases.yaml: newest or oldest first, ids unique, dates not after the build. */
export const releases = z.array(release);

export type ReleaseApi = z.output<typeof releaseApi>;
export type ReleaseChange = z.output<typeof releaseChange>;
export type Release = z.output<typeof release>;
