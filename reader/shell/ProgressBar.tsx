/**
 * Route-change progress bar (nprogress behaviour): appears only when a change takes
 * longer than 200 ms; starts at 0.08, trickles every 800 ms, 200 ms transitions.
 * The bar is moved through the CSSOM (the CSP forbids inline style attributes);
 * `data-state` and `data-value` say what it shows.
 */
import { useEffect, useRef } from 'react';
import { PROGRESS_BAR, TEXT } from '../lib/constants.ts';

/** nprogress's trickle: big steps at first, smaller ones as it nears the end. */
export function trickle(n: number): number {
  const step = n < 0.2 ? 0.1 : n < 0.5 ? 0.04 : n < 0.8 ? 0.02 : n < 0.99 ? 0.005 : 0;
  return Math.min(0.994, n + step);
}

export function ProgressBar({ loading }: { loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const show = (value: number) => {
      bar.dataset.value = String(Math.round(value * 1000) / 1000);
      bar.style.transform = `scaleX(${value})`;
    };
    if (!loading) {
      if (bar.dataset.state !== 'running') return;
      bar.dataset.state = 'done';
      show(1);
      const t = setTimeout(() => {
        bar.hidden = true;
        bar.dataset.state = 'idle';
      }, PROGRESS_BAR.speed);
      return () => {
        clearTimeout(t);
        bar.hidden = true;
        bar.dataset.state = 'idle';
      };
    }
    let value: number = PROGRESS_BAR.minimum;
    let interval: ReturnType<typeof setInterval> | undefined;
    const delay = setTimeout(() => {
      bar.style.transition = 'none';
      show(0);
      bar.hidden = false;
      bar.dataset.state = 'running';
      void bar.offsetWidth; // start the transition from 0
      bar.style.transition = `transform ${PROGRESS_BAR.speed}ms ease`;
      show(value);
      interval = setInterval(() => {
        value = trickle(value);
        show(value);
      }, PROGRESS_BAR.trickleSpeed);
    }, PROGRESS_BAR.delay);
    return () => {
      clearTimeout(delay);
      if (interval) clearInterval(interval);
    };
  }, [loading]);
  return (
    <div ref={ref} className="progress-bar" role="progressbar" aria-label="Loading page" hidden data-state="idle" />
  );
}

/** Shown in place of the page only when loading takes longer than 200 ms. */
export function Spinner() {
  return (
    <div className="page-spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{TEXT.loading}</span>
    </div>
  );
}
