/**
 * Navbar items by type. Each item renders inside its own error boundary, so a
 * broken item shows a configuration error in its place; an unknown type throws
 * an error naming the type (spec §8).
 */
import { Component, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { NavbarItem } from '../../schema/site-config.ts';
import { Icon } from './Icon.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { SearchBox } from '../search/SearchBox.tsx';

function LinkItem({ item, mobile }: { item: Extract<NavbarItem, { type: 'link' }>; mobile?: boolean }) {
  const icon = item.icon ? <Icon name={item.icon} /> : null;
  const cls = mobile ? 'menu-link' : 'navbar-link';
  if (item.href) {
    return <a className={cls} href={item.href} target="_blank" rel="noopener noreferrer">{icon}<span>{item.label}</span><span className="external-mark" aria-hidden="true">↗</span><span className="visually-hidden"> (opens in a new tab)</span></a>;
  }
  return <Link className={cls} href={item.to!}>{icon}<span>{item.label}</span></Link>;
}

function LocaleDropdown({ item }: { item: Extract<NavbarItem, { type: 'localeDropdown' }> }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => { if (!ref.current?.contains(e.target as Node)) setOpen(false); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('click', close);
    document.addEventListener('keydown', esc);
    return () => { document.removeEventListener('click', close); document.removeEventListener('keydown', esc); };
  }, [open]);
  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="navbar-link dropdown-toggle" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        {item.icon ? <Icon name={item.icon} /> : null}<span>English</span>
      </button>
      {open ? (
        <ul className="dropdown-menu" role="menu">
          <li role="none"><a role="menuitem" className="dropdown-item active" href={typeof location !== 'undefined' ? location.pathname : '/'} lang="en" aria-current="true">English</a></li>
        </ul>
      ) : null}
    </div>
  );
}

export const navbarItemRenderers: Record<string, (props: { item: never; mobile?: boolean }) => ReactNode> = {
  link: LinkItem as never,
  localeDropdown: LocaleDropdown as never,
  search: (() => <SearchBox />) as never,
  colorModeToggle: (() => <ColorModeToggle />) as never,
};

export class UnknownNavbarItemError extends Error {
  constructor(type: string) { super(`No navbar item component found for type "${type}".`); }
}

class ItemBoundary extends Component<{ children: ReactNode; type: string }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) { return { error }; }
  render() {
    if (this.state.error) return <span className="navbar-config-error" role="alert">Configuration error in navbar item "{this.props.type}": {this.state.error.message}</span>;
    return this.props.children;
  }
}

export function NavbarItemView({ item, mobile }: { item: NavbarItem; mobile?: boolean }) {
  return <ItemBoundary type={item.type}><ItemSwitch item={item} mobile={mobile} /></ItemBoundary>;
}

function ItemSwitch({ item, mobile }: { item: NavbarItem; mobile?: boolean }) {
  const Renderer = navbarItemRenderers[item.type];
  if (!Renderer) throw new UnknownNavbarItemError(item.type);
  return <>{Renderer({ item: item as never, mobile })}</>;
}
