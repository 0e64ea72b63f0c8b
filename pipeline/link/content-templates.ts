/**
 * An encoded element's like children → one template (schema/page-codec.ts "templates"), as the
 * encoder (encode-content.ts) builds each element. A data table's rows differ only in their
 * texts and a few property values (`tr id="AED"`); gzip keeps paying for their markup row
 * after row (the currency table: its markup was 27 % of its gzip bytes). Children that are all
 * elements of one structure travel as `{ each, rows }`: the structure once, with `{ $: k }`
 * where a value differs between rows, and each row's values. A value that equals another in
 * every row (the row id and its code cell) is one value.
 */
import type { ContentNode, ContentShape, ContentTemplate } from '../../schema/page.ts';

/** Fewer like children than this stay as they are: a template costs more than it saves on a short list. */
export const TEMPLATE_MIN_ROWS = 8;

type Encoded = Exclude<ContentNode, ContentTemplate>;

/** An encoded element as tag, properties and children, whether it names a shared shape or carries its own. */
function parts(n: unknown[], shapes: ContentShape[]) {
  if (typeof n[0] !== 'number')
    return { tag: n[0] as string, props: n[1] as Record<string, unknown>, kids: n.slice(2) as Encoded[] };
  const [tag, props = {}] = shapes[n[0]];
  return { tag, props: props as Record<string, unknown>, kids: n.slice(1) as Encoded[] };
}

/**
 * An encoded element's children, or, when they are TEMPLATE_MIN_ROWS or more elements of one
 * structure, the one template that stands for them. `shapes` are the content's: rows whose
 * elements differ in a property value name different shapes (or none), and are alike all the same.
 */
export function templated(kids: ContentNode[], shapes: ContentShape[]): ContentNode[] {
  if (kids.length < TEMPLATE_MIN_ROWS || !kids.every(Array.isArray)) return kids;
  /** The node with every value that may vary (texts, property values) left out: children alike have the same key. */
  const structureKey = (n: Encoded): string => {
    if (typeof n === 'string') return 's';
    if (!Array.isArray(n)) return JSON.stringify(n);
    const { tag, props, kids } = parts(n, shapes);
    return `[${JSON.stringify(tag)},${JSON.stringify(Object.keys(props))},${kids.map(structureKey).join(',')}]`;
  };
  /** The node's values in template order: an element's property values (key order), then its children's. */
  const valuesOf = (n: Encoded, out: string[]): string[] => {
    if (typeof n === 'string') {
      out.push(JSON.stringify(n));
      return out;
    }
    if (!Array.isArray(n)) return out;
    const { props, kids } = parts(n, shapes);
    for (const v of Object.values(props)) out.push(JSON.stringify(v));
    for (const kid of kids) valuesOf(kid, out);
    return out;
  };
  const template = (rows: Encoded[]): ContentTemplate => {
    const values = rows.map((row) => valuesOf(row, []));
    // Each value position: constant (written in `each`), or the row value it reads.
    const slot: (number | undefined)[] = [];
    const columns: number[] = [];
    for (let i = 0; i < values[0].length; i++) {
      if (values.every((v) => v[i] === values[0][i])) continue;
      const same = columns.findIndex((c) => values.every((v) => v[c] === v[i]));
      if (same !== -1) slot[i] = same;
      else {
        slot[i] = columns.length;
        columns.push(i);
      }
    }
    let at = 0;
    const hole = (v: unknown) => {
      const k = slot[at++];
      return k === undefined ? v : { $: k };
    };
    const skeleton = (n: Encoded): unknown => {
      if (typeof n === 'string') return hole(n);
      if (!Array.isArray(n)) return n;
      const { tag, props, kids } = parts(n, shapes);
      const first = at;
      const own = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, hole(v)]));
      // A shared shape whose values are the same in every row stays named by its index.
      const head =
        typeof n[0] === 'number' && slot.slice(first, at).every((k) => k === undefined) ? [n[0]] : [tag, own];
      return [...head, ...kids.map(skeleton)];
    };
    return {
      each: skeleton(rows[0]) as ContentTemplate['each'],
      rows: values.map((v) => columns.map((c) => JSON.parse(v[c]))),
    };
  };
  const rows = kids as Encoded[];
  const key = structureKey(rows[0]);
  return rows.every((k) => structureKey(k) === key) ? [template(rows) as unknown as ContentNode] : kids;
}
