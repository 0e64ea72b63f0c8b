/**
 * The frontmatter of every page, by kind. `kind` defaults to `doc`.
 * Authored files are validated with `frontmatter` (z.input is what authors write,
 * z.output what the pipeline emits).
 */
import { z } from 'zod';
import { commonFields } from './frontmatter-common.ts';
import { apiOperationFileFrontmatter, apiOperationFrontmatter } from './frontmatter-api.ts';
import { paymentGroupFrontmatter, paymentMethodFrontmatter } from './frontmatter-method.ts';
import { referenceTableFrontmatter } from './frontmatter-table.ts';

/** `doc`: a prose page. */
export const docFrontmatter = z
  .object({
    kind: z.literal('doc'),
    ...commonFields,
  })
  .strict();

/**
 * Every page kind and its schema: the one list of kinds. The union below, the page
 * JSON and manifest contracts and the pipeline's kind modules (pipeline/kinds/) all
 * derive from it. A new kind = a schema here + a module there + content.
 */
export const frontmatterByKind = {
  doc: docFrontmatter,
  'api-operation': apiOperationFrontmatter,
  'payment-method': paymentMethodFrontmatter,
  'payment-group': paymentGroupFrontmatter,
  'reference-table': referenceTableFrontmatter,
} as const;
export type PageKind = keyof typeof frontmatterByKind;
type KindSchema = (typeof frontmatterByKind)[PageKind];

export const pageKinds = Object.keys(frontmatterByKind) as [PageKind, ...PageKind[]];

/** The validated frontmatter of any page, discriminated by `kind` (as written to page JSON). */
export const kindFrontmatter = z.discriminatedUnion(
  'kind',
  Object.values(frontmatterByKind) as [KindSchema, ...KindSchema[]],
);

/** The frontmatter as page JSON carries it: an API operation as its summary (schema/frontmatter-api.ts). */
const fileFrontmatterByKind = { ...frontmatterByKind, 'api-operation': apiOperationFileFrontmatter } as const;
type FileKindSchema = (typeof fileFrontmatterByKind)[PageKind];
export const fileFrontmatter = z.discriminatedUnion(
  'kind',
  Object.values(fileFrontmatterByKind) as [FileKindSchema, ...FileKindSchema[]],
);
export type FileFrontmatter = z.output<typeof fileFrontmatter>;

export function toFileFrontmatter(fm: z.output<typeof kindFrontmatter>): FileFrontmatter {
  if (fm.kind !== 'api-operation') return fm;
  const { method, path, version, auth, idempotent } = fm.api;
  return { ...fm, api: { method, path, version, auth, idempotent } };
}

export const frontmatter = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !('kind' in raw) ? { ...raw, kind: 'doc' } : raw),
  kindFrontmatter,
);

export type Frontmatter = z.output<typeof frontmatter>;
export type FrontmatterInput = z.input<typeof frontmatter>;
export { apiOperationFrontmatter, paymentMethodFrontmatter, paymentGroupFrontmatter, referenceTableFrontmatter };
