/**
 * Operations that take the request of another: v2 `transaction/validate` checks exactly what v2
 * `transaction/create` would send, and the frozen API v1 still takes every field of v2 create,
 * flattened with `_` (`customer.email` → `customer_email`), except `metadata` (docs/authoring.md,
 * "API v1"); v1 create also returns v2 create's response flattened. Each copy is declared here
 * once, and `check` names the page that lacks a field of its source, or has one the source lacks,
 * with the file to copy it from — so a field added to create alone fails.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { SiteModel } from '../../content/validate.ts';
import type { ApiField } from '../../../schema/frontmatter-api.ts';
import { fieldDiagnostic, type PageOf } from '../types.ts';
import { siteIndex } from '../site-index.ts';

interface SharedDefinition {
  /** The operation that holds the definition. */
  source: string;
  /** `request` (both ways: a field only the copy has is reported too) or `response` (the copy may add its own). */
  part: 'request' | 'response';
  /** API v1: nested members become one flat field named after the path with `_`. */
  flatten?: boolean;
  /** Paths of the source the copy leaves out, with their members. */
  except?: string[];
}

const V2_CREATE = '/api/v2/transaction/create';

export const SHARED_DEFINITIONS: Readonly<Record<string, SharedDefinition[]>> = {
  '/api/v2/transaction/validate': [{ source: V2_CREATE, part: 'request' }],
  '/api/v1/transaction/validate': [{ source: V2_CREATE, part: 'request', flatten: true, except: ['metadata'] }],
  '/api/v1/transaction/create': [
    { source: V2_CREATE, part: 'request', flatten: true, except: ['metadata'] },
    // v1 lists the common next_action members and refers to v2 for the method-specific ones.
    { source: V2_CREATE, part: 'response', flatten: true, except: ['next_action'] },
  ],
};

/** The field names of a definition: dotted paths (objects too), or v1's flat leaves. */
function names(fields: ApiField[], flatten: boolean, except: string[], prefix = ''): string[] {
  return fields.flatMap((f) => {
    const path = prefix + f.name;
    if (except.some((e) => path === e || path.startsWith(`${e}.`))) return [];
    const nested = f.type === 'object' && f.fields?.length ? names(f.fields, flatten, except, `${path}.`) : [];
    const own = flatten && nested.length ? [] : [path];
    return [...own, ...nested];
  });
}

const flat = (path: string, flatten?: boolean) => (flatten ? path.replaceAll('.', '_') : path);

export function checkSharedDefinitions(page: PageOf<'api-operation'>, site: SiteModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const def of SHARED_DEFINITIONS[page.route] ?? []) {
    const source = siteIndex(site.pages).operationByRoute.get(def.source);
    if (!source) continue;
    const wanted = names(source.frontmatter.api[def.part], def.flatten ?? false, def.except ?? []).map((n) =>
      flat(n, def.flatten),
    );
    const have = names(page.frontmatter.api[def.part], false, []);
    const file = source.relFile;
    for (const name of wanted.filter((n) => !have.includes(n)))
      out.push(
        fieldDiagnostic(
          page,
          ['api', def.part],
          `Expected ${def.part} field \`${name}\`, as ${file} defines it, found none`,
          'shared-request',
          `Copy its definition from ${file}${def.flatten ? ' with the name flattened by `_` (API v1)' : ''}.`,
        ),
      );
    if (def.part === 'request')
      for (const name of have.filter((n) => !wanted.includes(n)))
        out.push(
          fieldDiagnostic(
            page,
            ['api', def.part],
            `Expected only the request fields of ${file}, found \`${name}\``,
            'shared-request',
            `Define it in ${file} first, then copy it here.`,
          ),
        );
  }
  return out;
}
