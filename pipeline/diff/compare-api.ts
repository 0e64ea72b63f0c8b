/**
 * Stage (paydocs diff): the OpenAPI documents of two builds → every API change (operations,
 * fields, enum values, types, `required` added, removed or changed), each classified
 * (classify.ts) and checked against the head's releases.
 */
import type { ApiChange, ApiChangeRule } from '../../schema/diff-report.ts';
import { API_IDS, type ApiId } from '../../schema/machine-docs.ts';
import type { Release } from '../../schema/releases.ts';
import { apiSurface, type FieldShape, type OperationShape } from './api-surface.ts';
import { classify } from './classify.ts';
import type { BuildSnapshot } from './read-build.ts';

type Found = Omit<ApiChange, 'breaking' | 'declared'>;
type Where = Pick<Found, 'api' | 'operation' | 'method'>;

const sideOf = (field: string) => (field.startsWith('request.') ? 'request' : 'response');

/** The changes of one field present on both sides: type, required, enum. */
export function fieldChanges(where: Where, field: string, a: FieldShape, b: FieldShape): Found[] {
  const out: Found[] = [];
  const add = (rule: ApiChangeRule, message: string, extra: Partial<Found> = {}) =>
    out.push({ ...where, field, rule, message, ...extra });
  const side = sideOf(field);
  const types = { before: a.type, after: b.type };
  if (a.type !== b.type) add('type-changed', `${field}: type ${a.type} → ${b.type}`, types);
  if (a.required !== b.required) {
    const rule: ApiChangeRule = b.required ? `${side}-field-now-required` : `${side}-field-now-optional`;
    add(rule, `${field} is now ${b.required ? 'required' : 'optional'}`, {
      before: a.required ? 'required' : 'optional',
      after: b.required ? 'required' : 'optional',
    });
  }
  if (a.enum && !b.enum) add('enum-dropped', `${field} no longer has a list of allowed values`);
  if (!a.enum && b.enum) add('enum-introduced', `${field} now takes only ${b.enum.join(', ')}`);
  if (a.enum && b.enum) {
    for (const value of a.enum)
      if (!b.enum.includes(value)) add('enum-value-removed', `${field}: value ${value} removed`, { value });
    for (const value of b.enum)
      if (!a.enum.includes(value)) add('enum-value-added', `${field}: value ${value} added`, { value });
  }
  return out;
}

/** The changes of one operation present on both sides; a field below one added or removed is not repeated. */
export function operationChanges(where: Where, a: OperationShape, b: OperationShape): Found[] {
  const out: Found[] = [];
  const below = (field: string, set: Set<string>) => [...set].some((f) => field.startsWith(`${f}.`));
  const added = new Set([...b.fields.keys()].filter((f) => !a.fields.has(f)));
  const removed = new Set([...a.fields.keys()].filter((f) => !b.fields.has(f)));
  for (const field of removed) {
    if (below(field, removed)) continue;
    out.push({ ...where, field, rule: `${sideOf(field)}-field-removed`, message: `${field} removed` });
  }
  for (const field of added) {
    if (below(field, added)) continue;
    const required = b.fields.get(field)!.required;
    const rule: ApiChangeRule =
      sideOf(field) === 'response'
        ? 'response-field-added'
        : required
          ? 'request-field-added-required'
          : 'request-field-added-optional';
    out.push({ ...where, field, rule, message: `${field} added${required ? ' (required)' : ''}` });
  }
  for (const [field, shape] of a.fields) {
    const next = b.fields.get(field);
    if (next) out.push(...fieldChanges(where, field, shape, next));
  }
  return out;
}

/** Every API change from `base` to `head`, in API, operation and field order. */
export function compareApis(base: BuildSnapshot, head: BuildSnapshot, releases: Release[]): ApiChange[] {
  const found: Found[] = [];
  for (const api of API_IDS as readonly ApiId[]) {
    const a = apiSurface(base.apis.get(api) ?? {});
    const b = apiSurface(head.apis.get(api) ?? {});
    for (const [method, op] of a) {
      const next = b.get(method);
      const where = { api, operation: (next ?? op).route, method };
      if (!next) found.push({ ...where, rule: 'operation-removed', message: `${method} removed` });
      else found.push(...operationChanges(where, op, next));
    }
    for (const [method, op] of b)
      if (!a.has(method))
        found.push({ api, operation: op.route, method, rule: 'operation-added', message: `${method} added` });
  }
  const order = (c: Found) => `${API_IDS.indexOf(c.api as ApiId)} ${c.operation} ${c.method} ${c.field ?? ''}`;
  return found.sort((x, y) => order(x).localeCompare(order(y))).map((change) => classify(change, releases));
}
