/**
 * A panel that opens and closes with a height animation of about 4–19 ms by
 * height, 1 ms with reduced motion (spec §9). Closed panels use `hidden` in the
 * server HTML, so nothing depends on an inline style (the CSP forbids them).
 * Lazy: children render on first open (as Docusaurus does), so a page's HTML
 * carries the open part of the sidebar, not all 270 links.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { collapseDuration } from '../lib/constants.ts';

const useIsoLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

export function Collapsible({
  open,
  id,
  children,
  className,
}: {
  open: boolean;
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const everOpened = useRef(open);
  if (open) everOpened.current = true;
  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.hidden = false;
    const height = el.scrollHeight;
    const ms = collapseDuration(height, reduced);
    el.dataset.animationMs = String(ms);
    el.style.overflow = 'hidden';
    el.style.transition = `height ${ms}ms ease-in-out`;
    el.style.height = open ? '0px' : `${height}px`;
    requestAnimationFrame(() => {
      el.style.height = open ? `${height}px` : '0px';
    });
    const done = () => {
      el.style.removeProperty('height');
      el.style.removeProperty('overflow');
      el.style.removeProperty('transition');
      if (!open) el.hidden = true;
    };
    const timer = setTimeout(done, ms + 20);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <div ref={ref} id={id} className={className} hidden={!open}>
      {everOpened.current ? children : null}
    </div>
  );
}
