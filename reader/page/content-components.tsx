/**
 * The interactive elements of page content, swapped in for hast elements by class:
 * internal links (client-side navigation), code blocks (copy button), tabs
 * (remembered choice per group), filterable reference tables.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';
import type { Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { isExternal, normalisePath } from '../../schema/paths.ts';
import { COPY_CONFIRM_MS, STORAGE_KEYS, TEXT } from '../lib/constants.ts';

type WithNode<T> = T & { node?: Element };

/**
 * Links in page content: internal routes navigate client-side; a link to an anchor of
 * the page on screen stays a plain hash link, so the browser scrolls to it; external
 * links open in a new tab, safely.
 */
export function Anchor({ node: _node, href = '', children, ...rest }: WithNode<ComponentProps<'a'>>) {
  const [path] = useLocation();
  if (href.startsWith('/') && !href.startsWith('//')) {
    const hashAt = href.indexOf('#');
    if (hashAt > 0 && normalisePath(href.slice(0, hashAt)) === normalisePath(path)) return <a href={href.slice(hashAt)} {...rest}>{children}</a>;
    return <Link href={href} {...rest}>{children}</Link>;
  }
  if (isExternal(href) && !href.startsWith('mailto:') && !href.startsWith('tel:')) return <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>{children}</a>;
  return <a href={href} {...rest}>{children}</a>;
}

/** Copies the code and confirms it, visibly and to screen readers. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => { if (!copied) return; const t = setTimeout(() => setCopied(false), COPY_CONFIRM_MS); return () => clearTimeout(t); }, [copied]);
  const copy = async () => {
    try { await navigator.clipboard.writeText(text); } catch {
      const area = document.createElement('textarea');
      area.value = text; area.setAttribute('readonly', ''); area.className = 'visually-hidden';
      document.body.append(area); area.select(); document.execCommand('copy'); area.remove();
    }
    setCopied(true);
  };
  return (<>
    <button type="button" className={`copy-button${copied ? ' copied' : ''}`} onClick={copy} aria-label={copied ? TEXT.copiedLabel : TEXT.copyLabel} title={TEXT.copyLabel}>
      {copied
        ? <svg viewBox="0 0 24 24" aria-hidden="true"><path d="m5 12 5 5L20 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        : <svg viewBox="0 0 24 24" aria-hidden="true"><rect x="9" y="9" width="11" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M5 15V5a1 1 0 0 1 1-1h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>}
      <span>{copied ? TEXT.copied : TEXT.copy}</span>
    </button>
    <span className="visually-hidden" role="status">{copied ? TEXT.copiedLabel : ''}</span>
  </>);
}

export function CodeBlock({ node, children, className, ...rest }: WithNode<ComponentProps<'div'>>) {
  const text = useMemo(() => {
    const pre = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
    return pre ? toString(pre) : '';
  }, [node]);
  return <div className={className} {...rest}>{children}<CopyButton text={text} /></div>;
}

/** Tabs remember the chosen label per group in localStorage and sync across the page. */
const TAB_EVENT = 'paydocs:tab';
export function Tabs({ node, children, className, ...rest }: WithNode<ComponentProps<'div'>>) {
  const group = String(node?.properties?.dataGroup ?? 'lang');
  const labels = (node?.children ?? []).filter((c): c is Element => c.type === 'element').map((c) => String(c.properties.dataLabel ?? ''));
  const [selected, setSelected] = useState(0);
  const base = useId();
  useEffect(() => {
    const apply = () => {
      try {
        const stored = localStorage.getItem(STORAGE_KEYS.tabs(group));
        const at = stored ? labels.indexOf(stored) : -1;
        if (at >= 0) setSelected(at);
      } catch { /* storage blocked */ }
    };
    apply();
    const onChange = (e: Event) => { if ((e as CustomEvent).detail === group) apply(); };
    window.addEventListener(TAB_EVENT, onChange);
    return () => window.removeEventListener(TAB_EVENT, onChange);
  }, [group, labels.join('|')]);
  const choose = useCallback((i: number, keepInView?: HTMLElement) => {
    setSelected(i);
    if (group === 'response') return; // response examples are not a preference
    const top = keepInView?.getBoundingClientRect().top;
    try { localStorage.setItem(STORAGE_KEYS.tabs(group), labels[i]); } catch { /* storage blocked */ }
    window.dispatchEvent(new CustomEvent(TAB_EVENT, { detail: group }));
    // Other tab groups above may change height: keep the clicked tab where it was.
    if (keepInView && top !== undefined) requestAnimationFrame(() => window.scrollBy(0, keepInView.getBoundingClientRect().top - top));
  }, [group, labels.join('|')]);
  const panels = Array.isArray(children) ? children.filter((c) => c && typeof c === 'object') : [children];
  const onKey = (e: React.KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next = e.key === 'ArrowRight' ? (i + 1) % labels.length : e.key === 'ArrowLeft' ? (i - 1 + labels.length) % labels.length : -1;
    if (next < 0) return;
    e.preventDefault();
    choose(next);
    (e.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div className={className} data-group={group} {...rest}>
      <div className="tab-list" role="tablist">
        {labels.map((label, i) => (
          <button key={i} type="button" role="tab" id={`${base}-tab-${i}`} aria-selected={i === selected} aria-controls={`${base}-panel-${i}`} tabIndex={i === selected ? 0 : -1}
            className={`tab${i === selected ? ' tab-active' : ''}`} onClick={(e) => choose(i, e.currentTarget)} onKeyDown={(e) => onKey(e, i)}>{label}</button>
        ))}
      </div>
      {(panels as ReactNode[]).map((panel, i) => (
        <div key={i} role="tabpanel" id={`${base}-panel-${i}`} aria-labelledby={`${base}-tab-${i}`} hidden={i !== selected} className="tab-panel-wrap">{panel}</div>
      ))}
    </div>
  );
}

/** Reference tables over 20 rows get a filter box that narrows the rows as one types. */
export function FilterableFigure({ node: _node, children, className, ...rest }: WithNode<ComponentProps<'figure'>>) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const id = useId();
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    const rows = figure.current?.querySelectorAll<HTMLTableRowElement>('tbody tr');
    if (!rows) return;
    const q = query.trim().toLowerCase();
    let count = 0;
    rows.forEach((row) => { const match = !q || (row.textContent ?? '').toLowerCase().includes(q); row.hidden = !match; if (match) count++; });
    setShown(q ? count : null);
  }, [query]);
  return (
    <figure className={className} {...rest} ref={figure}>
      <div className="table-filter">
        <label htmlFor={id}>Filter rows</label>
        <input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Type to filter…" autoComplete="off" />
        {shown !== null ? <span className="table-filter-count" aria-live="polite">{shown} matching</span> : null}
      </div>
      {children}
    </figure>
  );
}
