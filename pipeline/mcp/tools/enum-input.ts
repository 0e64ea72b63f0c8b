/**
 * An enum input whose error says what was expected and the nearest choice (an unknown `kind`
 * answers `Expected kind to be one of …, found "ibna". Did you mean "iban"?`), in place of
 * zod's generic message.
 */
import { z } from 'zod';
import { didYouMean, nearest, quoted } from '../results.ts';

export function enumOf<const T extends readonly [string, ...string[]]>(values: T, name: string) {
  return z.enum(values, {
    error: (issue) =>
      typeof issue.input === 'string'
        ? `Expected ${name} to be one of ${values.join(', ')}, found ` +
          `${quoted(issue.input)}.${didYouMean(nearest(issue.input, values))}`
        : `Expected ${name}: one of ${values.join(', ')}.`,
  });
}
