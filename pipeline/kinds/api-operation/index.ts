/**
 * `api-operation` (schema/frontmatter-api.ts): one endpoint declared once. The
 * reference — endpoint, authentication, parameter, response and error lists, and the code
 * samples and responses in a pane beside them — is generated from it and placed after the
 * page's summary (its prose before the first heading), so the guide sections follow it; a v2
 * operation with a v1 counterpart gets its "Changes from v1" at the end, filled at link time
 * (pipeline/changelog/).
 */
import type { KindModule } from '../types.ts';
import { apiReference } from './reference.ts';
import { crossCheckOperation } from './cross-check.ts';
import { checkLifecycle } from './lifecycle-check.ts';
import { siteIndex } from '../site-index.ts';
import { v1CounterpartPath } from './lifecycle.ts';
import {
  CHANGES_FROM_V1,
  changesPlaceholder,
  fillChangesFromV1,
  migrationOf,
} from '../../changelog/changes-section.ts';
import type { Migration } from '../../changelog/migration.ts';

export const apiOperation: KindModule<'api-operation'> = {
  compile: (fm, ctx, tools) => ({
    fill: [{ name: 'api-reference', content: [apiReference(fm.api, ctx, tools)], fallback: 'before-first-h2' }],
    after: fm.api.version === 'v2' ? [changesPlaceholder(tools.uniqueId(CHANGES_FROM_V1))] : [],
  }),
  crossCheck: (page, site, codes) => [...crossCheckOperation(page, site, codes), ...checkLifecycle(page, site)],
  link: {
    /** v2: the changes from the v1 counterpart (null: none); v1: nothing to fill. */
    inputs(page, site): Migration | null | undefined {
      const counterpart = v1CounterpartPath(page.frontmatter.api);
      if (!counterpart) return undefined;
      const v1 = siteIndex(site.pages).operationByPath.get(counterpart);
      return v1 ? migrationOf(v1, page) : null;
    },
    fill: fillChangesFromV1,
  },
};
