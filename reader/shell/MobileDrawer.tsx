/**
 * Below 996 px the sidebar lives in a drawer. It opens on the docs sidebar with
 * "Back to main menu" (→ the navbar's items), keeps keyboard focus inside while
 * open, gives it back to the menu button when closed, and closes by itself once
 * the window reaches the desktop width.
 */
import { useEffect, useRef, useState } from 'react';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import { useSite } from '../site-context.tsx';
import { DESKTOP_BREAKPOINT, TEXT } from '../lib/constants.ts';
import { SidebarList } from './Sidebar.tsx';
import { NavbarItemView } from './navbar-items.tsx';
import { MOBILE_DRAWER_ID } from '../../schema/chrome-ids.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileDrawer({
  open,
  onClose,
  sidebar,
  path,
}: {
  open: boolean;
  onClose: () => void;
  sidebar: SidebarItemOut[] | null;
  path: string;
}) {
  const { manifest } = useSite();
  const [panel, setPanel] = useState<'sidebar' | 'main'>(sidebar ? 'sidebar' : 'main');
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    setPanel(sidebar ? 'sidebar' : 'main');
    closeRef.current?.focus();
    return () => {
      document.querySelector<HTMLButtonElement>('.menu-button')?.focus({ preventScroll: true });
    };
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const mq = matchMedia(`(min-width: ${DESKTOP_BREAKPOINT}px)`);
    const onWide = () => {
      if (mq.matches) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !drawerRef.current) return;
      const items = [...drawerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      if (!items.length) return;
      const first = items[0],
        last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    mq.addEventListener('change', onWide);
    window.addEventListener('resize', onWide);
    document.addEventListener('keydown', onKey);
    document.body.classList.add('drawer-open');
    return () => {
      mq.removeEventListener('change', onWide);
      window.removeEventListener('resize', onWide);
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('drawer-open');
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="mobile-drawer"
        id={MOBILE_DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        ref={drawerRef}
      >
        <div className="drawer-head">
          <span className="drawer-title">
            <img className="navbar-logo" src={manifest.site.favicon} alt="" width={24} height={24} />
            {manifest.site.title}
          </span>
          <button
            ref={closeRef}
            type="button"
            className="navbar-button"
            aria-label="Close the navigation menu"
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {panel === 'sidebar' && sidebar ? (
          <nav className="drawer-panel" aria-label="Docs pages">
            <button type="button" className="drawer-back" onClick={() => setPanel('main')}>
              <span aria-hidden="true">←</span> {TEXT.backToMainMenu}
            </button>
            <SidebarList items={sidebar} path={path} scope="drawer:" onNavigate={onClose} />
          </nav>
        ) : (
          <nav className="drawer-panel" aria-label="Main menu">
            <ul className="drawer-main-menu">
              {manifest.site.navbar.items
                .filter((i) => i.type !== 'search')
                .map((item, i) => (
                  <li key={i} onClick={item.type === 'link' ? onClose : undefined}>
                    <NavbarItemView item={item} mobile />
                  </li>
                ))}
            </ul>
            {sidebar ? (
              <button type="button" className="drawer-back drawer-forward" onClick={() => setPanel('sidebar')}>
                Docs menu <span aria-hidden="true">→</span>
              </button>
            ) : null}
          </nav>
        )}
      </div>
    </>
  );
}
