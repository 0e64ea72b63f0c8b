/** Small pieces of chrome: skip link, breadcrumbs, footer, announcement bar. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Crumb } from '../../schema/page.ts';
import { useSite } from '../site-context.tsx';
import { STORAGE_KEYS, TEXT } from '../lib/constants.ts';

export function SkipLink() {
  return <a className="skip-link" href="#main-content">{TEXT.skipToContent}</a>;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  if (!items.length) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li><Link href="/" aria-label="Home page" className="breadcrumb-home">⌂</Link></li>
        {items.map((c, i) => (
          <li key={i} aria-current={i === items.length - 1 ? 'page' : undefined}>
            {c.href && i < items.length - 1 ? <Link href={c.href}>{c.label}</Link> : <span>{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function Footer() {
  const { manifest } = useSite();
  return <footer className="footer"><p className="footer-copyright">{manifest.site.footer.copyright}</p></footer>;
}

/** Decide whether the bar shows: dismissed for this id → hidden; a new id → shown again. */
export function announcementDismissed(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, id: string): boolean {
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
    return m[2].startsWith('/') ? <Link key={i} href={m[2]}>{m[1]}</Link> : <a key={i} href={m[2]} target="_blank" rel="noopener noreferrer">{m[1]}</a>;
  });
}

export function AnnouncementBar() {
  const { manifest } = useSite();
  const bar = manifest.site.announcementBar;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!bar) return;
    try { setDismissed(announcementDismissed(localStorage, bar.id)); } catch { /* storage blocked */ }
  }, [bar?.id]);
  if (!bar || dismissed) return null;
  const close = () => {
    setDismissed(true);
    try { localStorage.setItem(STORAGE_KEYS.announcement, 'true'); } catch { /* storage blocked */ }
  };
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" data-id={bar.id}>
      <div className="announcement-content">{richText(bar.content)}</div>
      {bar.isCloseable ? <button type="button" className="announcement-close" aria-label="Close" onClick={close}>✕</button> : null}
    </div>
  );
}
