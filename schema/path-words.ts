/**
 * The words of a mistyped address, as a search query for the not-found page:
 * `/servces/pix` → `servces pix`, `/api/v3/transaction/create.html` → `api v3
 * transaction create`. File endings and `index` say nothing about the page sought.
 */
const NOISE = new Set(['index', 'html', 'htm', 'php', 'asp', 'aspx', 'md', 'json']);

export function pathWords(path: string): string {
  let text = path;
  try {
    text = decodeURIComponent(path);
  } catch {
    /* a malformed escape: use the address as it is */
  }
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !NOISE.has(w.toLowerCase()))
    .join(' ');
}
