import { Link } from 'wouter';
import { useSite } from '../site-context.tsx';
import { NavbarItemView } from './navbar-items.tsx';
import { MOBILE_DRAWER_ID } from '../../schema/chrome-ids.ts';

/** The top bar. It stays fixed: it never hides on scroll (spec §2). */
export function Navbar({
  onMenu,
  menuOpen,
  hasSidebar,
}: {
  onMenu: () => void;
  menuOpen: boolean;
  hasSidebar: boolean;
}) {
  const { manifest } = useSite();
  const items = manifest.site.navbar.items;
  const left = items.filter((i) => i.position !== 'right');
  const right = items.filter((i) => i.position === 'right');
  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-button menu-button"
          aria-label="Open the navigation menu"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_DRAWER_ID}
          onClick={onMenu}
          data-has-sidebar={hasSidebar}
        >
          <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Link className="navbar-brand" href="/">
          <img className="navbar-logo" src={manifest.site.favicon} alt="" width={28} height={28} />
          <span className="navbar-title">{manifest.site.title}</span>
        </Link>
        <div className="navbar-items navbar-left">
          {left.map((item, i) => (
            <NavbarItemView key={i} item={item} />
          ))}
        </div>
        <div className="navbar-items navbar-right">
          {right.map((item, i) => (
            <NavbarItemView key={i} item={item} />
          ))}
        </div>
      </div>
    </nav>
  );
}
