/**
 * The lifecycle entries of an operation (schema/frontmatter-api.ts `lifecycle`): the
 * operation itself, its fields and their enum values that declare `since`, `deprecated`
 * or `sunset`, each with where it sits in the frontmatter (for the cross-check's line) and
 * on the wire (for the badges, the changelog and the OpenAPI document). Pure.
 */
import type { ApiField, ApiOperation, Lifecycle } from '../../../schema/frontmatter-api.ts';

export type Side = 'request' | 'response';

export interface LifecycleEntry {
  target: 'operation' | 'field' | 'value';
  side?: Side;
  /** The field's dotted path on its side (`customer.email`). */
  path?: string;
  value?: string | number | boolean;
  lifecycle: Lifecycle;
  /** Where it is declared in the frontmatter: `['api', 'response', 3, 'fields', 0]`. */
  trail: (string | number)[];
}

const declares = (l: Lifecycle) => l.since !== undefined || l.deprecated !== undefined || l.sunset !== undefined;
const lifecycleOf = ({ since, deprecated, sunset }: Lifecycle): Lifecycle => ({ since, deprecated, sunset });

/** Every entry of `api` that declares a lifecycle, the operation first, then request and response in order. */
export function lifecycleEntries(api: ApiOperation): LifecycleEntry[] {
  const out: LifecycleEntry[] = [];
  if (declares(api)) out.push({ target: 'operation', lifecycle: lifecycleOf(api), trail: ['api'] });
  const walk = (fields: ApiField[], side: Side, prefix: string, trail: (string | number)[]) =>
    fields.forEach((f, i) => {
      const path = prefix + f.name;
      const here = [...trail, i];
      if (declares(f)) out.push({ target: 'field', side, path, lifecycle: lifecycleOf(f), trail: here });
      f.enum?.forEach((e, j) => {
        if (declares(e))
          out.push({
            target: 'value',
            side,
            path,
            value: e.value,
            lifecycle: lifecycleOf(e),
            trail: [...here, 'enum', j],
          });
      });
      if (f.fields) walk(f.fields, side, `${path}.`, [...here, 'fields']);
    });
  walk(api.request, 'request', '', ['api', 'request']);
  walk(api.response, 'response', '', ['api', 'response']);
  return out;
}

/** The field at a dotted path (`customer.email`), through objects and arrays of objects. */
export function fieldAt(fields: ApiField[], path: string): ApiField | undefined {
  let list: ApiField[] | undefined = fields;
  let found: ApiField | undefined;
  for (const name of path.split('.')) {
    found = list?.find((f) => f.name === name);
    if (!found) return undefined;
    list = found.fields;
  }
  return found;
}

/** `request.customer.email` → the field, on the side the prefix names. */
export function fieldAtSidePath(api: Pick<ApiOperation, Side>, sidePath: string): ApiField | undefined {
  const at = sidePath.indexOf('.');
  const side = sidePath.slice(0, at) as Side;
  return side === 'request' || side === 'response' ? fieldAt(api[side], sidePath.slice(at + 1)) : undefined;
}

/** The `api.path` of a v2 operation's v1 counterpart (`/v2/reports/list` → `/v1/reports/list`); none for v1. */
export const v1CounterpartPath = (api: Pick<ApiOperation, 'path' | 'version'>): string | undefined =>
  api.version === 'v2' ? api.path.replace(/^\/v2\//, '/v1/') : undefined;
