/**
 * `api-operation` (schema/frontmatter-api.ts): one endpoint declared once. The
 * endpoint, authentication, parameter, response and error tables and the code samples
 * in every language are generated from it and placed after the prose.
 */
import type { KindModule } from '../types.ts';
import { apiReference } from './reference.ts';
import { crossCheckOperation } from './cross-check.ts';
import { checkLifecycle } from './lifecycle-check.ts';

export const apiOperation: KindModule<'api-operation'> = {
  compile: (fm, ctx, tools) => ({ after: apiReference(fm.api, ctx, tools) }),
  crossCheck: (page, site, codes) => [...crossCheckOperation(page, site, codes), ...checkLifecycle(page, site)],
};
