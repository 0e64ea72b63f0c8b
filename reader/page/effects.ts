/** Side effects of showing a page: document metadata, hash scrolling, prefetching. */
import { useEffect, useRef } from 'react';
import type { PageData } from '../../schema/page.ts';
import { useSite } from '../site-context.tsx';
import { HASH_SCROLL_MAX_FRAMES, TEXT } from '../lib/constants.ts';
import { shouldPrefetch } from '../lib/page-loader.ts';

function setMeta(attr: 'name' | 'property', key: string, value: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) { el = document.createElement('meta'); el.setAttribute(attr, key); document.head.append(el); }
  el.content = value;
}

/** Client navigation keeps title, description, keywords, canonical, Open Graph and Twitter tags in step. */
export function useDocumentMeta(page: PageData | undefined, path: string) {
  const { manifest } = useSite();
  useEffect(() => {
    const site = manifest.site;
    if (!page) {
      if (path === '/search') document.title = `Search | ${site.title}`;
      else if (!manifest.routes[path]) document.title = `${TEXT.notFoundTitle} | ${site.title}`;
      return;
    }
    const title = page.route === '/' ? `${page.title} | ${site.title}` : `${page.title} | ${site.title}`;
    document.title = title;
    const url = site.url.replace(/\/$/, '') + (page.route === '/' ? '/' : page.route);
    setMeta('name', 'description', page.description);
    setMeta('name', 'keywords', page.keywords.join(', '));
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', page.description);
    setMeta('property', 'og:url', url);
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', page.description);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = url;
  }, [page?.route, path]);
}

/** Scroll to the hash's anchor, retrying for up to 20 frames while content settles; else to the top. */
export function useHashScroll(key: string) {
  const first = useRef(true);
  useEffect(() => {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (!hash) {
      if (!first.current) window.scrollTo(0, 0);
      first.current = false;
      return;
    }
    first.current = false;
    let frames = 0;
    let raf = 0;
    const tryScroll = () => {
      const el = document.getElementById(hash);
      if (el) { el.scrollIntoView(); return; }
      if (++frames < HASH_SCROLL_MAX_FRAMES) raf = requestAnimationFrame(tryScroll);
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
        const target = href.split('#')[0].split('?')[0];
        if (manifest.routes[target]) loader.prefetch(target);
        observer.unobserve(entry.target);
      }
    });
    document.querySelectorAll('main a[href^="/"]').forEach((a) => observer.observe(a));
    return () => observer.disconnect();
  }, [route]);
}
