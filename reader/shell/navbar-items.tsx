/**
 * Navbar items by type, from the site config (to, href, label, position, icon key).
 * Each item renders inside its own error boundary, so an item that fails to render
 * shows a configuration error in its place instead of taking the page down; an
 * unknown type fails with an error naming the type (spec §8). The unknown-type case
 * is decided before rendering, so it also holds while prerendering (renderToString
 * has no error boundaries).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'wouter';
import type { NavbarItem } from '../../schema/site-config.ts';
import { Icon } from './Icon.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { SearchBox } from '../search/SearchBox.tsx';
import { TEXT } from '../lib/constants.ts';
import { asError } from '../page/states.tsx';

type ItemProps<T extends NavbarItem['type']> = { item: Extract<NavbarItem, { type: T }>; mobile?: boolean };

function LinkItem({ item, mobile }: ItemProps<'link'>) {
  if (!item.href && !item.to) throw new Error(`a link item needs "to" (internal route) or "href" (external URL)`);
  const icon = item.icon ? <Icon name={item.icon} /> : null;
  const cls = mobile ? 'menu-link' : 'navbar-link';
  if (item.href) {
    return (
      <a className={cls} href={item.href} target="_blank" rel="noopener noreferrer">
        {icon}
        <span>{item.label}</span>
        <svg className="external-mark" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link className={cls} href={item.to!}>
      {icon}
      <span>{item.label}</span>
    </Link>
  );
}

/** The language dropdown: this site is English only, so it offers one entry. */
function LocaleDropdown({ item, mobile }: ItemProps<'localeDropdown'>) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    // Closes on a click elsewhere, on Escape, and when Tab moves focus out. (Not on any focus
    // change: a mousedown elsewhere would shrink the menu under the pointer before the click lands.)
    const close = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const keys = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
      if (e.key === 'Tab')
        requestAnimationFrame(() => {
          if (!ref.current?.contains(document.activeElement)) setOpen(false);
        });
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', keys);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', keys);
    };
  }, [open]);
  const [here] = useLocation(); // read when opened: the prerendered 404 page is served at any address
  return (
    <div className={`dropdown${mobile ? ' dropdown-mobile' : ''}`} ref={ref}>
      <button
        type="button"
        className={`${mobile ? 'menu-link' : 'navbar-link'} dropdown-toggle`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Language: English"
        onClick={() => setOpen(!open)}
      >
        {item.icon ? <Icon name={item.icon} /> : null}
        <span>English</span>
        <svg className="dropdown-caret" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="m6 9 6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <ul className="dropdown-menu" id={menuId}>
          <li>
            <a
              className="dropdown-item active"
              href={here}
              lang="en"
              hrefLang="en"
              aria-current="true"
              onClick={() => setOpen(false)}
            >
              English
            </a>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

export const navbarItemRenderers: Record<string, (props: { item: never; mobile?: boolean }) => ReactNode> = {
  link: LinkItem as never,
  localeDropdown: LocaleDropdown as never,
  search: (() => <SearchBox />) as never,
  colorModeToggle: (({ mobile }: { mobile?: boolean }) => <ColorModeToggle withLabel={mobile} />) as never,
};

export class UnknownNavbarItemError extends Error {
  constructor(readonly type: string) {
    super(`No navbar item component found for type "${type}".`);
    this.name = 'UnknownNavbarItemError';
  }
}

function describeItem(item: unknown): string {
  try {
    return JSON.stringify(item);
  } catch {
    return String(item);
  }
}

/** What shows in place of a navbar item that cannot render. */
export function NavbarConfigError({ item, error }: { item: unknown; error: Error }) {
  return (
    <span className="navbar-config-error" role="alert" data-item-type={String((item as { type?: unknown })?.type)}>
      <strong>{TEXT.navbarConfigError}</strong> {error.message}
      {' Check this item of navbar.items in content/site.yaml: '}
      <code>{describeItem(item)}</code>
    </span>
  );
}

export function NavbarItemView({ item, mobile }: { item: NavbarItem; mobile?: boolean }) {
  const Renderer = navbarItemRenderers[(item as { type: string }).type] as
    | ((props: { item: NavbarItem; mobile?: boolean }) => ReactNode)
    | undefined;
  if (!Renderer) {
    const error = new UnknownNavbarItemError(String((item as { type: unknown }).type));
    if (typeof window !== 'undefined') console.error(`paydocs: ${error.message}`);
    return <NavbarConfigError item={item} error={error} />;
  }
  return (
    <ErrorBoundary
      fallbackRender={({ error }: FallbackProps) => <NavbarConfigError item={item} error={asError(error)} />}
      onError={(error) => console.error(`paydocs: a navbar item failed to render: ${describeItem(item)}`, error)}
    >
      <Renderer item={item} mobile={mobile} />
    </ErrorBoundary>
  );
}
