/**
 * A fill's inputs made again only when what they are made of changed. A dev save makes a new
 * page list, but a validated frontmatter is kept as it is until its file changes, so the parts
 * of pages a save did not touch are the same objects, and so are the inputs made of them: the
 * same object, whose key the page JSON stage has hashed already (link/page-json.ts).
 */
const lastFor = new WeakMap<object, { parts: unknown[]; value: unknown }>();

/** `make()`, or what it gave last time for `owner` when `parts` are the same (by identity, in order). */
export function keptWhileSame<T>(owner: object, parts: unknown[], make: () => T): T {
  const last = lastFor.get(owner);
  if (last && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i])) return last.value as T;
  const value = make();
  lastFor.set(owner, { parts, value });
  return value;
}
