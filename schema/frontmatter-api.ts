/**
 * `api-operation` pages: one endpoint of API v1 or v2, declared once.
 * The pipeline generates from this definition the parameter and response tables and
 * the code samples (curl, http, javascript, python, php, java, kotlin, json), so a
 * sample can never disagree with its table. Authentication (v1 `point_id` +
 * `signature` form fields, v2 `X-Point-Id` + `X-Signature` headers) and the
 * idempotency key are added by the generator: do not list them as parameters.
 */
import { z } from 'zod';
import { commonFields } from './frontmatter-common.ts';
import { isoDate, releaseId } from './releases.ts';

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** A field below an operation's `request` or `response`, dotted through objects: `customer.email`. */
export const fieldPath = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, 'a dotted field path such as "customer.email"');

/**
 * When a field, an enum value or an operation came and when it goes, by release ids of
 * content/data/releases.yaml (cross-checked: pipeline/kinds/api-operation/lifecycle-check.ts).
 * Shown as badges on the reference, in the Markdown twins, OpenAPI and Postman, and listed
 * under its release on /changelog.
 */
export const lifecycle = {
  /** The release that added it. */
  since: releaseId.optional(),
  /** The release that deprecated it, what to use instead, and why. */
  deprecated: z
    .object({
      in: releaseId,
      /** A field: its path on the same side (request or response). An operation: its page's route. */
      use: z.string().min(1).optional(),
      message: z.string().min(1),
    })
    .strict()
    .optional(),
  /** The day it stops working: after the deprecation release's date. */
  sunset: isoDate.optional(),
};

/** One allowed value of an enumerated field, with what it means. */
export const enumValue = z.object({
  value: scalar,
  description: z.string().min(1),
  ...lifecycle,
});

/** Formats the pipeline knows how to check examples against. */
export const fieldFormat = z.enum([
  'amount',
  'currency',
  'country',
  'language',
  'phone',
  'email',
  'url',
  'date-time',
  'date',
  'uuid',
  'ip',
  'card-number',
  'card-expiry',
  'status',
  'error-code',
  'failure-reason',
  'service',
]);

/** A request parameter or response field. `fields` describes object members or array items. */
export const field = z
  .object({
    /** snake_case, as on the wire. */
    name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case field name'),
    /** Where a request parameter travels. Response fields ignore it. */
    in: z.enum(['body', 'query', 'header', 'path']).optional(),
    type: z.enum(['string', 'integer', 'number', 'boolean', 'object', 'array']),
    /** Request: must be sent. Response: always present. */
    required: z.boolean().optional(),
    description: z.string().min(1),
    /** A realistic example value; required parameters must have one (the samples use it). */
    example: z.unknown().optional(),
    format: fieldFormat.optional(),
    constraints: z
      .object({
        min_length: z.number().int().optional(),
        max_length: z.number().int().optional(),
        minimum: z.number().optional(),
        maximum: z.number().optional(),
        pattern: z.string().optional(),
      })
      .strict()
      .optional(),
    enum: z.array(enumValue).min(1).optional(),
    default: scalar.optional(),
    /** Members of an object, or of each item of an array of objects (zod v4 recursion: a getter). */
    get fields(): z.ZodOptional<z.ZodArray<typeof field>> {
      return z.array(field).optional();
    },
    // Spelled out: a spread in this self-referential object makes TypeScript give up on its type.
    since: lifecycle.since,
    deprecated: lifecycle.deprecated,
    sunset: lifecycle.sunset,
  })
  .strict();

/** One request/response scenario. The first example is the success case used for the samples. */
export const apiExample = z
  .object({
    /** HTTP status of the response. */
    status: z.number().int().min(100).max(599),
    title: z.string().min(1),
    description: z.string().optional(),
    /** Request values that differ from the parameters' own examples in this scenario. */
    request: z.record(z.string(), z.unknown()).optional(),
    /** The response body as JSON. */
    response: z.unknown(),
  })
  .strict();

export const apiOperation = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    /** Path below the API base URL, starting with the version: `/v2/transaction/create`. */
    path: z.string().regex(/^\/v[12]\/[a-z0-9_\-/{}]+$/, 'a path such as "/v2/transaction/create"'),
    version: z.enum(['v1', 'v2']),
    /** `signature`: signed with the point's secret key (the default). `none`: public call. */
    auth: z.enum(['signature', 'none']).default('signature'),
    /** The call creates something: v2 requires an `Idempotency-Key` header, v1 a `request_id` field. */
    idempotent: z.boolean().default(false),
    request: z.array(field).default([]),
    response: z.array(field).min(1),
    /** Codes from content/data/api_error_codes.yaml that this call can return. */
    errors: z.array(z.string()).default([]),
    examples: z.array(apiExample).min(1),
    ...lifecycle,
    /**
     * v2 operations: fields renamed since the v1 counterpart, `request.` or `response.` + path,
     * v1 → v2 (`response.result: response.status`). A rename cannot be guessed; a v1 field
     * that is the v2 path flattened with `_` (`customer_email` ↔ `customer.email`) needs none.
     */
    renamed_from_v1: z
      .record(
        z.string().regex(/^(request|response)\.[a-z][a-z0-9_.]*$/, 'a v1 field such as "request.customer_email"'),
        z.string().regex(/^(request|response)\.[a-z][a-z0-9_.]*$/, 'a v2 field such as "request.customer.email"'),
      )
      .optional(),
  })
  .strict();

export const apiOperationFrontmatter = z
  .object({
    kind: z.literal('api-operation'),
    ...commonFields,
    api: apiOperation,
  })
  .strict();

/**
 * What page JSON keeps of an operation (schema/page.ts `pageFile`): which call it is. The whole
 * definition — parameters, responses, errors, examples — is rendered in the page's content and
 * published as the API's OpenAPI document (schema/machine-docs.ts `openApiPath`); carrying it a
 * third time made an API page's JSON larger than its HTML.
 */
export const apiOperationSummary = apiOperation.pick({
  method: true,
  path: true,
  version: true,
  auth: true,
  idempotent: true,
});
export const apiOperationFileFrontmatter = apiOperationFrontmatter.extend({ api: apiOperationSummary });

export type ApiOperation = z.output<typeof apiOperation>;
export type ApiField = z.output<typeof field>;
export type ApiEnumValue = z.output<typeof enumValue>;
/** What carries a lifecycle: a field, an enum value or an operation. */
export type Lifecycle = Pick<ApiField, 'since' | 'deprecated' | 'sunset'>;
