/**
 * "Did you mean": the known name nearest to one that is not known (a directive, a data
 * code, a route), by Levenshtein distance. Only close names count: a distance of 1 for
 * names of up to 4 characters, 2 up to 8, 3 beyond, so `stauts` finds `status` but a word
 * that merely shares letters finds nothing.
 */
import { closestMatch } from 'leven';

const allowedDistance = (name: string): number => (name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3);

/** The known name nearest to `name` (case-insensitive), or undefined when none is close. */
export function nearest(name: string, known: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const candidates = [...known];
  const match = closestMatch(
    lower,
    candidates.map((k) => k.toLowerCase()),
    { maxDistance: allowedDistance(lower) },
  );
  return match === undefined ? undefined : candidates.find((k) => k.toLowerCase() === match);
}

/** `Did you mean "x"? ` when a known name is close, else the empty string (to put before a hint). */
export function didYouMean(name: string, known: Iterable<string>, show = (k: string) => `"${k}"`): string {
  const match = nearest(name, known);
  return match === undefined ? '' : `Did you mean ${show(match)}? `;
}
