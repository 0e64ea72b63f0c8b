/** Not found, load failure (with Retry) and the crash page ("This page crashed." / "Try again"). */
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, useLocation } from 'wouter';
import { TEXT } from '../lib/constants.ts';
import { EXTRA_ROUTES } from '../../schema/page-head.ts';
import { PathSuggestions } from './PathSuggestions.tsx';
import { SectionIndex } from './SectionIndex.tsx';
import { sectionPages, type SectionPages } from './section-pages.ts';
import { useSite } from '../site-context.tsx';

export function NotFound() {
  const [path] = useLocation();
  const { manifest } = useSite();
  // Found after hydration, as the suggestions are: one prerendered 404 document serves every
  // address. `null`: the address is no section, so the search suggests pages for its words.
  const [section, setSection] = useState<SectionPages | null>();
  useEffect(() => setSection(sectionPages(path, manifest) ?? null), [path, manifest]);
  return (
    <div className="state-page not-found">
      <p className="state-code" aria-hidden="true">
        404
      </p>
      <h1>{EXTRA_ROUTES['/404'].title}</h1>
      <p>We could not find what you were looking for. The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link href="/">Go to the docs home</Link> or <Link href="/search">search the docs</Link>.
      </p>
      {section ? <SectionIndex section={section} /> : section === null ? <PathSuggestions path={path} /> : null}
    </div>
  );
}

/** Whether the browser says it is offline, kept in step with its online/offline events. */
function useOffline(): boolean {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return offline;
}

/**
 * A page JSON that failed to load: its error text and a Retry button that loads it
 * again. Offline, it says so: the page was never opened, so it is not kept for
 * offline reading (reader/offline/); it loads again by itself once back online.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const offline = useOffline();
  useEffect(() => {
    if (!offline) return;
    addEventListener('online', onRetry, { once: true });
    return () => removeEventListener('online', onRetry);
  }, [offline, onRetry]);
  return (
    <div className={`state-page load-failed${offline ? ' offline' : ''}`} role="alert">
      <h1>{offline ? TEXT.offlineHeading : TEXT.loadFailedHeading}</h1>
      <p className="load-error-text">{offline ? TEXT.offlineText : message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {TEXT.retry}
      </button>
    </div>
  );
}

function CrashPage({ error, onTryAgain }: { error: Error; onTryAgain: () => void }) {
  useEffect(() => {
    document.title = TEXT.crashTitle;
  }, [error]);
  return (
    <div className="state-page crash" role="alert">
      <h1>{TEXT.crashHeading}</h1>
      <p className="crash-message">{error.message}</p>
      <button type="button" className="button" onClick={onTryAgain}>
        {TEXT.tryAgain}
      </button>
    </div>
  );
}

/**
 * Catches a render crash of the page area. Shows the crash page (tab title "Page
 * Error"); "Try again" renders the page again, after `onReset` (which reloads the
 * page data, in case the data was what broke it). Navigating elsewhere resets it.
 */
export function CrashBoundary({
  children,
  resetKey,
  onReset,
}: {
  children: ReactNode;
  resetKey: string;
  onReset?: () => void;
}) {
  return (
    <ErrorBoundary
      resetKeys={[resetKey]}
      // Only "Try again" reloads the data; a new address just renders afresh.
      onReset={(details) => {
        if (details.reason === 'imperative-api') onReset?.();
      }}
      onError={(error) => console.error('paydocs: the page crashed while rendering', error)}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <CrashPage error={asError(error)} onTryAgain={resetErrorBoundary} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** A thrown value as an Error (a component may throw anything). */
export const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));
