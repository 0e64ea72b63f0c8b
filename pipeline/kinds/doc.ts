/** `doc` (schema/frontmatter.ts): prose only, nothing generated. */
import type { KindModule } from './types.ts';

export const doc: KindModule<'doc'> = {};
