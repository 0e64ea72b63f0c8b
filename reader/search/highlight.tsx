/**
 * `?_highlight=word&_highlight=other` marks those words in the page content (after
 * the content, code blocks included, has rendered) and scrolls to the first — or to
 * the first after the `#heading` the link points at. The dismiss control, or clearing
 * the search box, removes the marks and the parameters.
 *
 * The marks are DOM surgery on nodes React owns, so every replaced text node is
 * remembered and put back before React touches the content again: when the path
 * changes (history events fire before React re-renders) and before re-marking.
 */
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { wordsPattern } from './marks.tsx';

export function highlightTerms(search: string): string[] {
  return [
    ...new Set(
      new URLSearchParams(search)
        .getAll('_highlight')
        .map((t) => t.trim())
        .filter((t) => t.length > 0),
    ),
  ];
}

/** Text nodes replaced by marked fragments, per content root. */
const replaced = new WeakMap<HTMLElement, { original: Text; parts: Node[] }[]>();

export function unmark(root: HTMLElement): void {
  for (const { original, parts } of (replaced.get(root) ?? []).reverse()) {
    const first = parts.find((p) => p.parentNode);
    if (first) first.parentNode!.insertBefore(original, first);
    for (const p of parts) p.parentNode?.removeChild(p);
  }
  replaced.delete(root);
}

export function markTerms(root: HTMLElement, terms: string[]): HTMLElement[] {
  unmark(root);
  const pattern = wordsPattern(terms);
  if (!pattern) return [];
  // Button labels (copy, tabs) are chrome, not content.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest('button') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  const marks: HTMLElement[] = [];
  const record: { original: Text; parts: Node[] }[] = [];
  for (const node of nodes) {
    pattern.lastIndex = 0;
    if (!pattern.test(node.data)) continue;
    pattern.lastIndex = 0;
    const parts: Node[] = [];
    let last = 0;
    for (const m of node.data.matchAll(pattern)) {
      if (m.index! > last) parts.push(document.createTextNode(node.data.slice(last, m.index)));
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      mark.textContent = m[0];
      parts.push(mark);
      marks.push(mark);
      last = m.index! + m[0].length;
    }
    if (last < node.data.length) parts.push(document.createTextNode(node.data.slice(last)));
    node.replaceWith(...parts);
    record.push({ original: node, parts });
  }
  replaced.set(root, record);
  return marks;
}

/** The current URL without `_highlight` parameters (history entry replaced, so wouter re-renders). */
export function clearHighlightParams(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('_highlight')) return;
  url.searchParams.delete('_highlight');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export function HighlightMarks({ root, route }: { root: string; route: string }) {
  const search = useSearch();
  const terms = highlightTerms(search);
  const key = terms.join('\n');
  useEffect(() => {
    const el = document.getElementById(root);
    if (!el) return;
    // Leaving the page: restore the content before React re-renders it.
    const onHistory = () => {
      if (location.pathname !== route) unmark(el);
    };
    for (const type of ['pushState', 'replaceState', 'popstate']) addEventListener(type, onHistory);
    let frame = 0;
    // While the next page loads, this one stays on screen: it is not marked with the next one's words.
    if (terms.length && location.pathname === route) {
      frame = requestAnimationFrame(() => {
        const marks = markTerms(el, terms);
        const heading = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
        const first = heading
          ? marks.find((m) => heading.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING)
          : marks[0];
        first?.scrollIntoView({ block: 'center' });
      });
    } else {
      unmark(el);
    }
    return () => {
      cancelAnimationFrame(frame);
      for (const type of ['pushState', 'replaceState', 'popstate']) removeEventListener(type, onHistory);
    };
  }, [route, key]);
  if (!terms.length) return null;
  const clear = () => {
    const el = document.getElementById(root);
    if (el) unmark(el);
    clearHighlightParams();
  };
  return (
    <div className="highlight-bar" role="status">
      <span>
        {'Highlighting: '}
        {terms.map((t) => (
          <mark key={t} className="search-highlight">
            {t}
          </mark>
        ))}
      </span>
      <button type="button" className="button button-small" onClick={clear}>
        Clear highlights
      </button>
    </div>
  );
}
