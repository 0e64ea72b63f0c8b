/**
 * Below 996 px the sidebar lives in a drawer. It opens on the docs sidebar with
 * "Back to main menu" (→ the navbar's items), and closes by itself once the
 * window reaches the desktop width.
 */
import { useEffect, useRef, useState } from 'react';
import type { SidebarItemOut } from '../../schema/manifest.ts';
import { useSite } from '../site-context.tsx';
import { DESKTOP_BREAKPOINT, TEXT } from '../lib/constants.ts';
import { SidebarList } from './Sidebar.tsx';
import { NavbarItemView } from './navbar-items.tsx';

export function MobileDrawer({ open, onClose, sidebar, path }: { open: boolean; onClose: () => void; sidebar: SidebarItemOut[] | null; path: string }) {
  const { manifest } = useSite();
  const [panel, setPanel] = useState<'sidebar' | 'main'>(sidebar ? 'sidebar' : 'main');
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (open) { setPanel(sidebar ? 'sidebar' : 'main'); closeRef.current?.focus(); } }, [open]);
  useEffect(() => {
    if (!open) return;
    const mq = matchMedia(`(min-width: ${DESKTOP_BREAKPOINT}px)`);
    const onWide = () => { if (mq.matches) onClose(); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    mq.addEventListener('change', onWide);
    window.addEventListener('resize', onWide);
    document.addEventListener('keydown', onKey);
    document.body.classList.add('drawer-open');
    return () => { mq.removeEventListener('change', onWide); window.removeEventListener('resize', onWide); document.removeEventListener('keydown', onKey); document.body.classList.remove('drawer-open'); };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="mobile-drawer" id="mobile-drawer" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="drawer-head">
          <span className="navbar-title">{manifest.site.title}</span>
          <button ref={closeRef} type="button" className="navbar-button" aria-label="Close the navigation menu" onClick={onClose}>✕</button>
        </div>
        {panel === 'sidebar' && sidebar ? (
          <div className="drawer-panel">
            <button type="button" className="drawer-back" onClick={() => setPanel('main')}>← {TEXT.backToMainMenu}</button>
            <SidebarList items={sidebar} path={path} onNavigate={onClose} />
          </div>
        ) : (
          <div className="drawer-panel">
            <ul className="drawer-main-menu">
              {manifest.site.navbar.items.filter((i) => i.type !== 'search').map((item, i) => <li key={i} onClick={item.type === 'link' ? onClose : undefined}><NavbarItemView item={item} mobile /></li>)}
            </ul>
            {sidebar ? <button type="button" className="drawer-back" onClick={() => setPanel('sidebar')}>Docs menu →</button> : null}
          </div>
        )}
      </div>
    </>
  );
}
