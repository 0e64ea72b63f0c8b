/**
 * `location.search` as React state, hydration-safe: the prerendered HTML knows no
 * query string, so hydration renders with '' (the server snapshot) and React then
 * re-renders with the real one — no mismatch. Follows wouter's navigation events.
 */
import { useSyncExternalStore } from 'react';

const EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'];

function subscribe(onChange: () => void): () => void {
  for (const e of EVENTS) addEventListener(e, onChange);
  return () => { for (const e of EVENTS) removeEventListener(e, onChange); };
}

export function useUrlSearch(): string {
  return useSyncExternalStore(subscribe, () => location.search, () => '');
}
