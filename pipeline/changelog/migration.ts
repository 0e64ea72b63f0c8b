/**
 * v1 → v2, computed: what changed between a v2 operation and its v1 counterpart, from the
 * two definitions. Fields are paired by the rename mapping the v2 page declares
 * (`renamed_from_v1`), then by path, then by v1's form naming (a v2 member `customer.email`
 * travels in v1 as `customer_email`); what stays unpaired was added or removed. Paired
 * fields are compared by type, `required` and enum values; the error codes as sets. Pure.
 */
import type { ApiField, ApiOperation } from '../../schema/frontmatter-api.ts';
import type { Side } from '../kinds/api-operation/lifecycle.ts';

export type MigrationChange =
  | { kind: 'method'; from: string; to: string }
  | { kind: 'added'; side: Side; v2: string; required: boolean }
  | { kind: 'removed'; side: Side; v1: string }
  | { kind: 'moved' | 'renamed'; side: Side; v1: string; v2: string }
  | { kind: 'type'; side: Side; v2: string; from: string; to: string }
  | { kind: 'required'; side: Side; v2: string; to: boolean }
  | { kind: 'enum'; side: Side; v2: string; added: string[]; removed: string[] }
  | { kind: 'errors'; added: string[]; removed: string[] };

/** The whole difference of one pair; `v1Route`/`v2Route` are the pages'. */
export interface Migration {
  v1Route: string;
  v2Route: string;
  title: string;
  changes: MigrationChange[];
}

/** v1's own envelope fields: v2 answers them in `success` / `error` around `data` (response format). */
const V1_ENVELOPE = new Set(['result']);

/** Every field with its dotted path, parents before their members. */
function flatten(fields: ApiField[], prefix = ''): [string, ApiField][] {
  return fields.flatMap((f) => {
    const path = prefix + f.name;
    return [[path, f] as [string, ApiField], ...(f.fields ? flatten(f.fields, `${path}.`) : [])];
  });
}

const typeOf = (f: ApiField) => (f.format ? `${f.type} (${f.format})` : f.type);

function compareSide(v1: ApiOperation, v2: ApiOperation, side: Side, out: MigrationChange[]) {
  const olds = new Map(flatten(v1[side]).filter(([p]) => !(side === 'response' && V1_ENVELOPE.has(p))));
  const news = flatten(v2[side]);
  const paired = new Map<string, string>(); // v2 path → v1 path
  const renamed = new Set<string>();
  for (const [from, to] of Object.entries(v2.renamed_from_v1 ?? {})) {
    if (!from.startsWith(`${side}.`) || !to.startsWith(`${side}.`)) continue;
    paired.set(to.slice(side.length + 1), from.slice(side.length + 1));
    renamed.add(to.slice(side.length + 1));
  }
  const taken = new Set(paired.values());
  const byFlat = new Map([...olds.keys()].map((p) => [p.replace(/\./g, '_'), p]));
  for (const [path] of news) {
    if (paired.has(path)) continue;
    const match = olds.has(path) && !taken.has(path) ? path : byFlat.get(path.replace(/\./g, '_'));
    if (match && !taken.has(match)) {
      paired.set(path, match);
      taken.add(match);
    }
  }
  for (const [path, field] of news) {
    const oldPath = paired.get(path);
    if (oldPath === undefined) {
      // An object whose members travel flat in v1 is no new field: its members are paired one by one.
      const membersPaired = [...paired.keys()].some((p) => p.startsWith(`${path}.`));
      if (!membersPaired) out.push({ kind: 'added', side, v2: path, required: Boolean(field.required) });
      continue;
    }
    if (renamed.has(path)) out.push({ kind: 'renamed', side, v1: oldPath, v2: path });
    else if (oldPath !== path) out.push({ kind: 'moved', side, v1: oldPath, v2: path });
    const old = olds.get(oldPath)!;
    if (old.type !== field.type) out.push({ kind: 'type', side, v2: path, from: typeOf(old), to: typeOf(field) });
    if (Boolean(old.required) !== Boolean(field.required))
      out.push({ kind: 'required', side, v2: path, to: Boolean(field.required) });
    const before = new Set((old.enum ?? []).map((e) => String(e.value)));
    const after = new Set((field.enum ?? []).map((e) => String(e.value)));
    const added = [...after].filter((v) => !before.has(v));
    const removed = [...before].filter((v) => !after.has(v));
    if (before.size && after.size && (added.length || removed.length))
      out.push({ kind: 'enum', side, v2: path, added, removed });
  }
  const pairedOld = new Set(paired.values());
  for (const path of olds.keys()) {
    // A v1 member of an object that v2 dropped whole is listed with the object only.
    const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : undefined;
    if (!pairedOld.has(path) && !(parent && !pairedOld.has(parent))) out.push({ kind: 'removed', side, v1: path });
  }
}

/** The changes from `v1` to `v2`, in reading order: call, request, response, errors. */
export function migrationChanges(v1: ApiOperation, v2: ApiOperation): MigrationChange[] {
  const out: MigrationChange[] = [];
  if (v1.method !== v2.method) out.push({ kind: 'method', from: v1.method, to: v2.method });
  compareSide(v1, v2, 'request', out);
  compareSide(v1, v2, 'response', out);
  const before = new Set(v1.errors);
  const after = new Set(v2.errors);
  const added = v2.errors.filter((c) => !before.has(c));
  const removed = v1.errors.filter((c) => !after.has(c));
  if (added.length || removed.length) out.push({ kind: 'errors', added, removed });
  return out;
}
