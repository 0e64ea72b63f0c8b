/**
 * Text one thread makes for others: UTF-8 in a SharedArrayBuffer. It crosses to another
 * thread without a copy (a string is copied into every message that carries it), goes to
 * disk as it is, and takes half the memory of a string that holds any character past
 * Latin-1 (V8 keeps such a string as UTF-16). As strings, the page JSON and printed parts were
 * held on the main thread from the compile to the last prerender (measured: bench/HISTORY.md, shared text).
 */
export function shareText(text: string): SharedArrayBuffer {
  const bytes = new SharedArrayBuffer(Buffer.byteLength(text));
  Buffer.from(bytes).write(text, 'utf8');
  return bytes;
}

/** What a file writer takes of a shared text: its bytes as they are (a view, no copy), or the string. */
export const sharedBytes = (text: SharedArrayBuffer | string): string | Uint8Array =>
  typeof text === 'string' ? text : new Uint8Array(text);

/** The text of `shareText` (a string is taken as it is: a task may carry either). */
export const sharedText = (text: SharedArrayBuffer | string): string =>
  typeof text === 'string' ? text : Buffer.from(text).toString('utf8');
