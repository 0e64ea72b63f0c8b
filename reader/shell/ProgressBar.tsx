/**
 * Route-change progress bar (nprogress behaviour): appears only when a change takes
 * longer than 200 ms; starts at 0.08, trickles every 800 ms, 200 ms transitions.
 */
import { useEffect, useRef } from 'react';
import { PROGRESS_BAR } from '../lib/constants.ts';

export function ProgressBar({ loading }: { loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    if (!loading) {
      if (bar.dataset.state === 'running') {
        bar.style.transform = 'scaleX(1)';
        bar.dataset.state = 'done';
        const t = setTimeout(() => { bar.hidden = true; bar.dataset.state = 'idle'; }, PROGRESS_BAR.speed);
        return () => clearTimeout(t);
      }
      return;
    }
    let value = PROGRESS_BAR.minimum;
    let trickle: ReturnType<typeof setInterval> | undefined;
    const delay = setTimeout(() => {
      bar.hidden = false;
      bar.dataset.state = 'running';
      bar.style.transition = `transform ${PROGRESS_BAR.speed}ms ease`;
      bar.style.transform = `scaleX(${value})`;
      trickle = setInterval(() => {
        value = Math.min(0.994, value + (1 - value) * 0.1);
        bar.style.transform = `scaleX(${value})`;
      }, PROGRESS_BAR.trickleSpeed);
    }, PROGRESS_BAR.delay);
    return () => { clearTimeout(delay); if (trickle) clearInterval(trickle); };
  }, [loading]);
  return <div ref={ref} className="progress-bar" role="progressbar" aria-label="Loading page" hidden data-state="idle" />;
}

export function Spinner() {
  return <div className="page-spinner" role="status" aria-live="polite"><span className="spinner-ring" aria-hidden="true" /><span className="visually-hidden">Loading…</span></div>;
}
