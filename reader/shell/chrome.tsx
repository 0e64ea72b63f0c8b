/** Small pieces of chrome: skip link, breadcrumbs, footer, announcement bar. */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Crumb } from '../../schema/page.ts';
import { useSite } from '../site-context.tsx';
import { STORAGE_KEYS, TEXT } from '../lib/constants.ts';
import { MAIN_CONTENT_ID } from '../../schema/chrome-ids.ts';

/**
 * The first focusable element of every page. Activating it moves focus (not only
 * the scroll position) to <main>, without adding a hash to the address. After a
 * client-side navigation focus returns to the top of the page (as on a full page
 * load), so the next Tab reaches this link again.
 */
export function SkipLink() {
  const [path] = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    // Leave focus alone where the reader is typing or working in an open dialog.
    if (active && active !== document.body && active.closest('input, textarea, [role="dialog"], [role="combobox"]'))
      return;
    container.current?.focus({ preventScroll: true });
  }, [path]);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    e.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView();
  };
  return (
    <div className="skip-container" tabIndex={-1} ref={container}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
        {TEXT.skipToContent}
      </a>
    </div>
  );
}

const HomeIcon = () => (
  <svg viewBox="0 0 24 24" className="breadcrumb-home-icon" aria-hidden="true">
    <path
      d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  if (!items.length) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <Link href="/" aria-label="Home page" className="breadcrumb-home">
            <HomeIcon />
          </Link>
        </li>
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i}>
              {c.href && !last ? (
                <Link href={c.href}>{c.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{c.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** One copyright line, no link columns (spec §2). */
export function Footer() {
  const { manifest } = useSite();
  return (
    <footer className="footer">
      <p className="footer-copyright">{manifest.site.footer.copyright}</p>
    </footer>
  );
}

/** Decide whether the bar shows: dismissed for this id → hidden; a new id → shown again. */
export function announcementDismissed(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  id: string,
): boolean {
  if (storage.getItem(STORAGE_KEYS.announcementId) !== id) {
    storage.setItem(STORAGE_KEYS.announcementId, id);
    storage.removeItem(STORAGE_KEYS.announcement);
    return false;
  }
  return storage.getItem(STORAGE_KEYS.announcement) === 'true';
}

/** Renders "text [label](/route) text" with internal links. */
function richText(content: string) {
  const parts = content.split(/(\[[^\]]+\]\([^)]+\))/g);
  return parts.map((part, i) => {
    const m = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part);
    if (!m) return part;
    return m[2].startsWith('/') ? (
      <Link key={i} href={m[2]}>
        {m[1]}
      </Link>
    ) : (
      <a key={i} href={m[2]} target="_blank" rel="noopener noreferrer">
        {m[1]}
      </a>
    );
  });
}

/**
 * The announcement bar. A reader who dismissed it never sees it flash: boot/theme.ts
 * marks <html> before first paint and the stylesheet hides the bar.
 */
export function AnnouncementBar() {
  const { manifest } = useSite();
  const bar = manifest.site.announcementBar;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!bar) return;
    try {
      setDismissed(announcementDismissed(localStorage, bar.id));
    } catch {
      /* storage blocked */
    }
  }, [bar?.id]);
  if (!bar || dismissed) return null;
  const close = () => {
    setDismissed(true);
    try {
      localStorage.setItem(STORAGE_KEYS.announcementId, bar.id);
      localStorage.setItem(STORAGE_KEYS.announcement, 'true');
    } catch {
      /* storage blocked */
    }
  };
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" data-id={bar.id}>
      <p className="announcement-content">{richText(bar.content)}</p>
      {bar.isCloseable ? (
        <button type="button" className="announcement-close" aria-label={TEXT.closeAnnouncement} onClick={close}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
