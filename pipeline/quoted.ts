/**
 * A value from the content, quoted in a message. Dependency-free: the compiler's workers
 * quote links too, and need not load the rule registry for it.
 */

/** The longest value a message quotes whole; a longer one is cut, with its length said. */
const QUOTE_LIMIT = 120;

export const tooLongToQuote = (value: string): boolean => value.length > QUOTE_LIMIT;

/** The value in quotes: one line even when the value is 10,000 characters. */
export function quoted(value: string): string {
  if (!tooLongToQuote(value)) return `"${value}"`;
  return `"${value.slice(0, QUOTE_LIMIT - 20)}…" (${value.length} characters)`;
}
