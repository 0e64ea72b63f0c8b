/**
 * Stage helper: heading ids made fit for the page they land on. rehype-slug names a heading
 * after its text; two cases need another name, the next free one, as a second heading of
 * the same text would get:
 * - the slug is one of the reader's own ids (schema/chrome-ids.ts): "Root", "Main content"
 *   would lead the table of contents and the permalink to the chrome, not to the section;
 * - the text has no letter or digit ("🚀", "???"): the slug is empty (an `id=""` nothing can
 *   link to) or, for the next such heading, "-1"; such a heading is named `section`.
 * Returns the allocator later ids come from (generated parts: CompileTools.uniqueId).
 */
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { CHROME_IDS } from '../../schema/chrome-ids.ts';
import { walkElements } from './walk.ts';

const HEADING = /^h[1-6]$/;
const NAMEABLE = /[\p{L}\p{N}]/u;

export function settleHeadingIds(ast: Root): (wanted: string) => string {
  const used = new Set<string>(CHROME_IDS);
  const uniqueId = (wanted: string) => {
    let v = wanted,
      i = 1;
    while (used.has(v)) v = `${wanted}-${i++}`;
    used.add(v);
    return v;
  };
  const renamed: [Element, string][] = [];
  walkElements(ast, (n: Element) => {
    const id = n.properties.id;
    if (typeof id !== 'string') return;
    if (CHROME_IDS.has(id)) renamed.push([n, id]);
    else if (HEADING.test(n.tagName) && !NAMEABLE.test(toString(n))) renamed.push([n, 'section']);
    else used.add(id);
  });
  // After every kept id is known: a rename never takes the id of a heading further down.
  for (const [n, wanted] of renamed) n.properties.id = uniqueId(wanted);
  return uniqueId;
}
