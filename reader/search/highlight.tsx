/**
 * `?_highlight=word&_highlight=other` marks those words in the page content (after
 * the code blocks have rendered) and scrolls to the first; a dismiss control removes
 * the marks and the parameters.
 */
import { useEffect, useState } from 'react';

export function highlightTerms(search: string): string[] {
  return [...new Set(new URLSearchParams(search).getAll('_highlight').map((t) => t.trim()).filter((t) => t.length > 0))];
}

function unmark(root: HTMLElement) {
  root.querySelectorAll('mark.search-highlight').forEach((m) => m.replaceWith(...Array.from(m.childNodes)));
  root.normalize();
}

export function markTerms(root: HTMLElement, terms: string[]): HTMLElement[] {
  unmark(root);
  if (!terms.length) return [];
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(${escaped.join('|')})`, 'giu');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  const marks: HTMLElement[] = [];
  for (const node of nodes) {
    if (!pattern.test(node.data)) continue;
    pattern.lastIndex = 0;
    const frag = document.createDocumentFragment();
    let last = 0;
    for (const m of node.data.matchAll(pattern)) {
      frag.append(node.data.slice(last, m.index));
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      mark.textContent = m[0];
      frag.append(mark);
      marks.push(mark);
      last = m.index! + m[0].length;
    }
    frag.append(node.data.slice(last));
    node.replaceWith(frag);
  }
  return marks;
}

export function HighlightMarks({ root, route }: { root: string; route: string }) {
  const [terms, setTerms] = useState<string[]>([]);
  useEffect(() => {
    const found = highlightTerms(location.search);
    setTerms(found);
    const el = document.getElementById(root);
    if (!el || !found.length) return;
    // After the content (and its code blocks) rendered.
    const frame = requestAnimationFrame(() => {
      const marks = markTerms(el, found);
      if (marks.length && !location.hash) marks[0].scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [route, typeof location !== 'undefined' ? location.search : '']);
  if (!terms.length) return null;
  const clear = () => {
    const el = document.getElementById(root);
    if (el) unmark(el);
    const url = new URL(location.href);
    url.searchParams.delete('_highlight');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    setTerms([]);
  };
  return (
    <div className="highlight-bar" role="status">
      <span>Highlighting: {terms.map((t) => <mark key={t} className="search-highlight">{t}</mark>)}</span>
      <button type="button" className="button button-small" onClick={clear}>Clear highlights</button>
    </div>
  );
}
