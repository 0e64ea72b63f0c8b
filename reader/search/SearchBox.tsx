/**
 * The navbar search box: an accessible combobox over the search worker.
 * - The index starts loading on the first focus, hover or keyboard shortcut.
 * - Up to 8 suggestions (title with the matched words marked, breadcrumbs, label);
 *   on a page inside a search context, that context's pages come first.
 * - ↑/↓ move, Enter opens (or opens /search with nothing chosen), Escape closes,
 *   then clears. Clearing the box also removes the page's `_highlight` marks.
 * - Footer: 'See all results', or 'See all results within / outside "{context}"'.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { contextOf, GENERAL, labelOf } from '../../search/format/codec.ts';
import { SEARCH_SUGGESTIONS, TEXT } from '../lib/constants.ts';
import { normalisePath } from '../../schema/paths.ts';
import { useSite } from '../site-context.tsx';
import { useIndexState, useQueryAnswer, useSearchClient } from './client.ts';
import { Marked, hitHref, hitTrail } from './marks.tsx';
import { clearHighlightParams } from './highlight.tsx';
import { isApple, matchesShortcut, shortcutHint } from './shortcut.ts';
import { suggestions } from './suggestions.ts';

interface Option {
  id: string;
  href: string;
  kind: 'hit' | 'all';
}

/** `/search?q=…[&ctx=…]`; `ctx=!id` asks for everything outside that context. */
export function searchPageHref(q: string, ctx?: string): string {
  const params = new URLSearchParams({ q });
  if (ctx) params.set('ctx', ctx);
  return `/search?${params}`;
}

export function SearchBox() {
  const { manifest } = useSite();
  const config = manifest.site.search;
  const client = useSearchClient();
  const state = useIndexState(client);
  const [rawPath, navigate] = useLocation();
  const path = normalisePath(rawPath);
  const context = contextOf(path, config.contexts);
  const contextLabel = config.contexts.find((c) => c.id === context)?.label;
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const base = useId();
  const listId = `${base}-list`;

  const { answer, current } = useQueryAnswer(
    client,
    q,
    { channel: 'box', mode: 'suggest', prefer: context === GENERAL ? undefined : context, limit: SEARCH_SUGGESTIONS },
    context,
  );
  // A new query (or context) starts with no option chosen.
  useEffect(() => setActive(-1), [q, context, client]);

  // The keyboard shortcut (none on this site: `search.shortcut: null`).
  useEffect(() => {
    if (!config.shortcut) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const typing =
        e.target instanceof HTMLElement &&
        (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName));
      if (typing && !(e.ctrlKey || e.metaKey)) return;
      if (!matchesShortcut(e, config.shortcut, isApple())) return;
      e.preventDefault();
      client.start();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [config.shortcut, client]);

  // Close when focus or a click goes elsewhere.
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);

  const hits = answer ? suggestions(answer.pages, SEARCH_SUGGESTIONS) : [];
  const inContext = context !== GENERAL && contextLabel;
  const footer: { label: string; href: string }[] = inContext
    ? [
        { label: TEXT.seeAllWithin(contextLabel), href: searchPageHref(q, context) },
        { label: TEXT.seeAllOutside(contextLabel), href: searchPageHref(q, `!${context}`) },
      ]
    : [{ label: TEXT.seeAll, href: searchPageHref(q) }];
  const options: Option[] = [
    ...hits.map((h, i) => ({ id: `${base}-hit-${i}`, href: hitHref(h), kind: 'hit' as const })),
    ...footer.map((f, i) => ({ id: `${base}-all-${i}`, href: f.href, kind: 'all' as const })),
  ];
  const showList = open && q.trim() !== '';
  const busy = state !== 'error' && Boolean(q.trim()) && !current?.complete;
  const loading = state === 'loading' || Boolean(current && !current.complete);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    const [target] = href.split(/[?#]/);
    navigate(href);
    // The same page: no route change, so scroll to the heading here.
    const hash = href.split('#')[1];
    if (target === path && hash)
      requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash))?.scrollIntoView());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!options.length) return;
      // -1 is the input itself: the cycle runs input → options → input.
      const n = options.length;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1 >= n ? -1 : a + 1) : a - 1 < -1 ? n - 1 : a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (!q.trim()) return;
      go(active >= 0 && options[active] ? options[active].href : searchPageHref(q));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (showList) setOpen(false);
      else change('');
    }
  };

  const change = (value: string) => {
    setQ(value);
    setOpen(true);
    if (!value.trim()) clearHighlightParams();
  };

  const activeId = showList && active >= 0 ? options[active]?.id : undefined;
  return (
    <div className="search-box" ref={box} role="search" onMouseEnter={() => client.start()}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search"
        value={q}
        onFocus={() => {
          client.start();
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {config.shortcut && config.keyboardHint ? (
        <kbd className="search-hint" aria-hidden="true">
          {shortcutHint(config.shortcut, isApple())}
        </kbd>
      ) : null}
      {showList ? (
        <div className="search-dropdown">
          {loading ? (
            <div className="search-loading" role="status">
              <span className="search-spinner" aria-hidden="true" />
              Loading search index…
            </div>
          ) : null}
          {state === 'error' ? (
            <div className="search-error" role="alert">
              {client.error() ?? 'The search index could not be loaded.'}
            </div>
          ) : null}
          {/* A single letter asks nothing (engine/plan.ts): not worth a "no results". */}
          {current?.complete && !hits.length && /\S\S/.test(q) ? (
            <div className="search-empty" role="status">
              {TEXT.noResults}
            </div>
          ) : null}
          <ul className="search-options" role="listbox" id={listId} aria-label="Search suggestions" aria-busy={busy}>
            {hits.map((h, i) => (
              <li
                key={options[i].id}
                id={options[i].id}
                role="option"
                aria-selected={active === i}
                className={`search-option${active === i ? ' active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(options[i].href)}
                onMouseMove={() => setActive(i)}
              >
                <a href={options[i].href} tabIndex={-1} onClick={(e) => e.preventDefault()}>
                  <span className="search-option-title">
                    <Marked text={h.t} words={h.marks} />
                  </span>
                  {hitTrail(h).length ? <span className="search-option-trail">{hitTrail(h).join(' › ')}</span> : null}
                </a>
                {labelOf(h.u, config.labels) ? (
                  <span className="search-label">{labelOf(h.u, config.labels)}</span>
                ) : null}
              </li>
            ))}
            {footer.map((f, j) => {
              const i = hits.length + j;
              return (
                <li
                  key={options[i].id}
                  id={options[i].id}
                  role="option"
                  aria-selected={active === i}
                  className={`search-option search-see-all${active === i ? ' active' : ''}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(f.href)}
                  onMouseMove={() => setActive(i)}
                >
                  <a href={f.href} tabIndex={-1} onClick={(e) => e.preventDefault()}>
                    {f.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
