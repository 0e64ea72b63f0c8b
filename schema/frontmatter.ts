/**
 * The frontmatter of every page, by kind. `kind` defaults to `doc`.
 * Authored files are validated with `frontmatter` (z.input is what authors write,
 * z.output what the pipeline emits).
 */
import { z } from 'zod';
import { commonFields } from './frontmatter-common.ts';
import { apiOperationFrontmatter } from './frontmatter-api.ts';
import { paymentGroupFrontmatter, paymentMethodFrontmatter } from './frontmatter-method.ts';
import { referenceTableFrontmatter } from './frontmatter-table.ts';

/** `doc`: a prose page. */
export const docFrontmatter = z.object({
  kind: z.literal('doc'),
  ...commonFields,
}).strict();

export const pageKinds = ['doc', 'api-operation', 'payment-method', 'payment-group', 'reference-table'] as const;
export type PageKind = (typeof pageKinds)[number];

export const frontmatter = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !('kind' in raw) ? { ...raw, kind: 'doc' } : raw),
  z.discriminatedUnion('kind', [
    docFrontmatter,
    apiOperationFrontmatter,
    paymentMethodFrontmatter,
    paymentGroupFrontmatter,
    referenceTableFrontmatter,
  ]),
);

export type Frontmatter = z.output<typeof frontmatter>;
export type FrontmatterInput = z.input<typeof frontmatter>;
export { apiOperationFrontmatter, paymentMethodFrontmatter, paymentGroupFrontmatter, referenceTableFrontmatter };
