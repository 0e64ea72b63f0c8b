/** Side effects of showing a page: document metadata, hash scrolling, prefetching. */
import { useEffect, useRef } from 'react';
import type { ReaderPage } from '../../schema/page.ts';
import { headData } from '../../schema/page-head.ts';
import { useSite } from '../site-context.tsx';
import { HASH_SCROLL_MAX_FRAMES } from '../lib/constants.ts';
import { shouldPrefetch } from '../lib/page-loader.ts';
import { linkedPath } from '../../schema/paths.ts';
import { twinPath } from '../../schema/machine-docs.ts';
import { CHANGELOG_FEED, CHANGELOG_FEED_TITLE, CHANGELOG_ROUTE } from '../../schema/changelog-paths.ts';

function setMeta(attr: 'name' | 'property', key: string, value: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (value === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = value;
}

/** The changelog's feed (`<link rel="alternate" type="application/atom+xml">`), on /changelog only, as prerendered. */
function setFeed(href: string | undefined) {
  setAlternate('application/atom+xml', href);
  document.head
    .querySelector('link[rel="alternate"][type="application/atom+xml"]')
    ?.setAttribute('title', CHANGELOG_FEED_TITLE);
}

/**
 * The page's Markdown twin (`<link rel="alternate" type="text/markdown">`), as the prerendered head
 * names it; none off a page.
 */
function setMarkdownTwin(href: string | undefined) {
  setAlternate('text/markdown', href);
}

function setAlternate(type: string, href: string | undefined) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][type="${type}"]`);
  if (href === undefined) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'alternate';
    link.type = type;
    document.head.append(link);
  }
  link.setAttribute('href', href);
}

/**
 * Keeps title, description, keywords, canonical URL, Markdown twin, Open Graph, Twitter
 * and tag meta in step with client navigation. Rendered inside the crash boundary, so a
 * page that crashes never overwrites the "Page Error" title.
 */
export function PageMeta({ page, path }: { page: ReaderPage | undefined; path: string }) {
  const { manifest } = useSite();
  useEffect(() => {
    if (!page && manifest.routes[path]) return; // still loading: keep the previous page's head
    const head = headData(manifest.site, path, page, manifest.routes);
    document.title = head.title;
    setMeta('name', 'description', head.description);
    setMeta('name', 'keywords', head.keywords);
    setMeta('property', 'og:title', head.title);
    setMeta('property', 'og:description', head.description);
    setMeta('property', 'og:url', head.url);
    setMeta('property', 'og:image', head.image);
    setMeta('name', 'twitter:title', head.title);
    setMeta('name', 'twitter:description', head.description);
    setMeta('name', 'twitter:image', head.image);
    setMeta('name', 'paydocs:tags', head.tags);
    setMeta('name', 'robots', head.noindex ? 'noindex' : undefined);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = head.url;
    setMarkdownTwin(page ? `/${twinPath(page.route)}` : undefined);
    setFeed(page?.route === CHANGELOG_ROUTE ? `/${CHANGELOG_FEED}` : undefined);
  }, [page, path]);
  return null;
}

/**
 * Scroll to the hash's anchor once the content for `key` is on screen, retrying for
 * up to 20 animation frames while it settles; without a hash, back to the top
 * (except on the first render, where the browser keeps its own position).
 * `key` is null while the next page is still loading.
 */
export function useHashScroll(key: string | null) {
  const first = useRef(true);
  useEffect(() => {
    if (key === null) return;
    const hash = decodeURIComponent(location.hash.slice(1));
    const wasFirst = first.current;
    first.current = false;
    if (!hash) {
      if (!wasFirst) window.scrollTo(0, 0);
      return;
    }
    let frames = 0;
    let raf = 0;
    const root = document.documentElement;
    delete root.dataset.hashScroll;
    const tryScroll = () => {
      const el = document.getElementById(hash);
      if (el) {
        el.scrollIntoView();
        root.dataset.hashScroll = 'found';
        root.dataset.hashScrollFrames = String(frames);
        return;
      }
      if (frames++ < HASH_SCROLL_MAX_FRAMES) raf = requestAnimationFrame(tryScroll);
      else {
        root.dataset.hashScroll = 'missing';
        root.dataset.hashScrollFrames = String(HASH_SCROLL_MAX_FRAMES);
      }
    };
    tryScroll();
    return () => cancelAnimationFrame(raf);
  }, [key]);
}

/** Prefetch the page JSON of internal links as they come into view, unless on 2g or data-saver. */
export function usePrefetchLinks(route: string | undefined) {
  const { loader, manifest } = useSite();
  useEffect(() => {
    if (!route || typeof IntersectionObserver === 'undefined') return;
    if (!shouldPrefetch(navigator as never)) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const href = (entry.target as HTMLAnchorElement).getAttribute('href') ?? '';
        const target = linkedPath(href);
        if (target && target !== route && manifest.routes[target]) loader.prefetch(target);
        observer.unobserve(entry.target);
      }
    });
    document.querySelectorAll('main a[href^="/"]').forEach((a) => observer.observe(a));
    return () => observer.disconnect();
  }, [route]);
}
