/**
 * Matched words: marked in result titles, and carried to the target page as one
 * `_highlight` parameter per word. Case-insensitive, and `е` matches `ё` (the index
 * folds them, the page text does not).
 */
import type { ReactNode } from 'react';
import type { PageResult, SearchHit } from '../../search/engine/protocol.ts';
import { escapeRegExp } from '../../schema/regexp.ts';

/** A regular expression matching any of the words (longest first), or undefined for none. */
export function wordsPattern(words: readonly string[]): RegExp | undefined {
  const parts = [...new Set(words.map((w) => w.trim()).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegExp(w).replace(/[её]/gi, '[её]'));
  return parts.length ? new RegExp(`(${parts.join('|')})`, 'giu') : undefined;
}

/** `text` split into plain and matched runs. */
export function markRuns(text: string, words: readonly string[]): { text: string; mark: boolean }[] {
  const pattern = wordsPattern(words);
  if (!pattern) return [{ text, mark: false }];
  const runs: { text: string; mark: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index! > last) runs.push({ text: text.slice(last, m.index), mark: false });
    runs.push({ text: m[0], mark: true });
    last = m.index! + m[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), mark: false });
  return runs;
}

export function Marked({ text, words }: { text: string; words: readonly string[] }): ReactNode {
  return markRuns(text, words).map((r, i) =>
    r.mark ? (
      <mark key={i} className="search-mark">
        {r.text}
      </mark>
    ) : (
      r.text
    ),
  );
}

/** The link of a hit: its page and heading, with one `_highlight` parameter per matched word. */
export function hitHref(hit: Pick<SearchHit, 'u' | 'h' | 'marks'>): string {
  const params = new URLSearchParams(hit.marks.map((m) => ['_highlight', m]));
  const query = params.toString();
  return `${hit.u}${query ? `?${query}` : ''}${hit.h ? `#${hit.h}` : ''}`;
}

/** The link of a page result: the page, with the words matched anywhere on it. */
export function pageHref(page: PageResult): string {
  const marks = [...new Set(page.hits.flatMap((h) => h.marks))].slice(0, 10);
  return hitHref({ u: page.route, h: '', marks });
}

/** Where a hit sits: the page's breadcrumbs, and for a heading the page's title. */
export function hitTrail(hit: Pick<SearchHit, 'h' | 's' | 'b'>): string[] {
  const parents = hit.b.slice(0, -1);
  return hit.h ? [...parents, hit.s] : parents;
}
