/**
 * What `paydocs diff <base> <head> --format json` prints on stdout: what a change does to the
 * site's readers (pages added, removed, moved; anchors gone) and to integrators (API changes,
 * each classified breaking or not and declared or not in the head's releases). JSON Schema:
 * dist/schema/diff-report.json. Browser-safe: zod only.
 */
import { z } from 'zod';

/** The rules a change is classified by (pipeline/diff/classify.ts; docs/diff.md "Rules"). */
export const apiChangeRule = z.enum([
  'operation-added',
  'operation-removed',
  'request-field-added-optional',
  'request-field-added-required',
  'request-field-removed',
  'request-field-now-required',
  'request-field-now-optional',
  'response-field-added',
  'response-field-removed',
  'response-field-now-optional',
  'response-field-now-required',
  'type-changed',
  'enum-value-added',
  'enum-value-removed',
  'enum-introduced',
  'enum-dropped',
]);

export const apiChange = z
  .object({
    api: z.string().meta({ description: 'The API: "v2", "v1", "reports-v2" or "reports-v1".' }),
    operation: z.string().meta({ description: 'The operation page\'s route: "/api/v2/transaction/create".' }),
    method: z.string().meta({ description: 'HTTP method and path of the operation: "POST /v2/transaction/create".' }),
    field: z
      .string()
      .optional()
      .meta({ description: 'The field, below `request.` or `response.`: "response.customer.email".' }),
    value: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .meta({ description: 'The enum value added or removed.' }),
    rule: apiChangeRule.meta({ description: 'What changed, as a rule of docs/diff.md.' }),
    before: z.string().optional().meta({ description: 'The old type or flag, for a change of one.' }),
    after: z.string().optional().meta({ description: 'The new type or flag, for a change of one.' }),
    breaking: z.boolean().meta({ description: "True when an integrator's working code can fail because of it." }),
    declared: z
      .boolean()
      .meta({ description: "True when a change in the head's releases names this operation, field and value." }),
    message: z.string().meta({ description: 'The change in a sentence.' }),
  })
  .strict();

export const pageChange = z
  .object({
    change: z.enum(['added', 'removed', 'moved', 'anchor-removed']).meta({ description: 'What happened.' }),
    route: z.string().meta({ description: 'The route (in the base, for removed, moved and anchor-removed).' }),
    to: z.string().optional().meta({ description: 'Where a moved page is now.' }),
    anchor: z.string().optional().meta({ description: 'The anchor (element id) the page no longer has.' }),
    title: z.string().meta({ description: "The page's title." }),
    suggestion: z.string().optional().meta({ description: 'What keeps inbound links working: the redirect to add.' }),
  })
  .strict();

export const diffReport = z
  .object({
    version: z.literal(1).meta({ description: 'Version of this shape; a change that could break a reader raises it.' }),
    base: z.string().meta({ description: 'The base as given: a built folder or a git ref.' }),
    head: z.string().meta({ description: 'The head as given.' }),
    ok: z.boolean().meta({ description: 'False when a breaking API change is not declared (exit code 1).' }),
    summary: z
      .object({
        api: z.number().int().nonnegative().meta({ description: 'API changes.' }),
        breaking: z.number().int().nonnegative().meta({ description: 'Breaking API changes, declared or not.' }),
        undeclared: z.number().int().nonnegative().meta({ description: 'Breaking and not declared.' }),
        pages: z.number().int().nonnegative().meta({ description: 'Page changes.' }),
      })
      .strict()
      .meta({ description: 'Counts of the changes below.' }),
    api: z.array(apiChange).meta({ description: 'API changes, by API, operation and field.' }),
    pages: z.array(pageChange).meta({ description: 'Page changes, by route.' }),
  })
  .strict()
  .meta({ description: 'The outcome of paydocs diff, for tools.' });

export type ApiChangeRule = z.output<typeof apiChangeRule>;
export type ApiChange = z.output<typeof apiChange>;
export type PageChange = z.output<typeof pageChange>;
export type DiffReport = z.output<typeof diffReport>;
