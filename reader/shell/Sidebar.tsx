/** The `docs` sidebar: collapsible categories, the current page highlighted and its category open. */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import { Collapsible } from './Collapsible.tsx';
import { isExternal } from '../../schema/paths.ts';
import { contains } from './sidebar-tree.ts';

function Category({
  item,
  path,
  depth,
  id,
  onNavigate,
}: {
  item: SidebarItemOut;
  path: string;
  depth: number;
  id: string;
  onNavigate?: () => void;
}) {
  const active = contains(item, path);
  const [open, setOpen] = useState(active || item.collapsed === false);
  useEffect(() => {
    if (active) setOpen(true);
  }, [active, path]);
  return (
    <li className={`sidebar-category${active ? ' sidebar-active-path' : ''}`}>
      <div className="sidebar-category-row">
        {item.href ? (
          <Link
            href={item.href}
            className={`sidebar-link sidebar-category-link${item.href === path ? ' active' : ''}`}
            aria-current={item.href === path ? 'page' : undefined}
            onClick={() => {
              setOpen(true);
              onNavigate?.();
            }}
          >
            {item.label}
          </Link>
        ) : (
          <button
            type="button"
            className="sidebar-link sidebar-category-label"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={id}
          >
            {item.label}
          </button>
        )}
        <button
          type="button"
          className="sidebar-caret"
          aria-label={`${open ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          data-open={open}
        />
      </div>
      <Collapsible open={open} id={id}>
        <SidebarList items={item.items ?? []} path={path} depth={depth + 1} scope={`${id}.`} onNavigate={onNavigate} />
      </Collapsible>
    </li>
  );
}

/**
 * `scope` starts the ids of the list's categories, which are their places in the tree
 * (`sidebar:2.0` is the first category in the third): two categories may share a label
 * ("Transactions" in API v1 and v2), and the drawer shows the same list beside the sidebar
 * (`drawer:`). With a `:`, which no heading's id has (schema/chrome-ids.ts).
 */
export function SidebarList({
  items,
  path,
  depth = 0,
  scope = 'sidebar:',
  onNavigate,
}: {
  items: SidebarItemOut[];
  path: string;
  depth?: number;
  scope?: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={`sidebar-list sidebar-depth-${depth}`}>
      {items.map((item, i) =>
        item.type === 'category' ? (
          <Category key={i} item={item} path={path} depth={depth} id={`${scope}${i}`} onNavigate={onNavigate} />
        ) : (
          <li key={i} className="sidebar-item">
            {isExternal(item.href ?? '') ? (
              <a className="sidebar-link" href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
              </a>
            ) : (
              <Link
                href={item.href!}
                className={`sidebar-link${item.href === path ? ' active' : ''}`}
                aria-current={item.href === path ? 'page' : undefined}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
            )}
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * Prerendering only (reader/render.tsx provides it): the list's HTML for a path, which the
 * prerenderer makes without rendering the whole list for every page (sidebar-html.tsx). The
 * browser renders the list itself, and hydrates it against the same markup.
 */
export const PrerenderedSidebarList = createContext<((items: SidebarItemOut[], path: string) => string) | null>(null);

export function Sidebar({ items, path }: { items: SidebarItemOut[]; path: string }) {
  const prerendered = useContext(PrerenderedSidebarList);
  const nav = useRef<HTMLElement>(null);
  // On arrival, bring the current page into the sidebar's view when it sits far down a long list.
  useEffect(() => {
    const el = nav.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current) return;
    const top = current.getBoundingClientRect().top - el.getBoundingClientRect().top;
    if (top < 0 || top > el.clientHeight - 40) el.scrollTop += top - el.clientHeight / 3;
  }, []);
  // One <nav> either way: the prerendered markup and the browser's must not drift apart.
  const list = prerendered
    ? { dangerouslySetInnerHTML: { __html: prerendered(items, path) } }
    : { children: <SidebarList items={items} path={path} /> };
  return (
    <aside className="sidebar" aria-label="Docs sidebar">
      <nav className="sidebar-nav" aria-label="Docs pages" ref={nav} {...list} />
    </aside>
  );
}
