/** Not found, load failure (with Retry) and the crash page ("This page crashed." / "Try again"). */
import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link } from 'wouter';
import { TEXT } from '../lib/constants.ts';
import { EXTRA_ROUTES } from '../../schema/page-head.ts';

export function NotFound() {
  return (
    <div className="state-page not-found">
      <p className="state-code" aria-hidden="true">404</p>
      <h1>{EXTRA_ROUTES['/404'].title}</h1>
      <p>We could not find what you were looking for. The address may be mistyped, or the page may have moved.</p>
      <p><Link href="/">Go to the docs home</Link> or <Link href="/search">search the docs</Link>.</p>
    </div>
  );
}

/** A page JSON that failed to load: its error text and a Retry button that loads it again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state-page load-failed" role="alert">
      <h1>{TEXT.loadFailedHeading}</h1>
      <p className="load-error-text">{message}</p>
      <button type="button" className="button" onClick={onRetry}>{TEXT.retry}</button>
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
      <button type="button" className="button" onClick={onTryAgain}>{TEXT.tryAgain}</button>
    </div>
  );
}

/**
 * Catches a render crash of the page area. Shows the crash page (tab title "Page
 * Error"); "Try again" renders the page again, after `onReset` (which reloads the
 * page data, in case the data was what broke it). Navigating elsewhere resets it.
 */
export function CrashBoundary({ children, resetKey, onReset }: { children: ReactNode; resetKey: string; onReset?: () => void }) {
  return (
    <ErrorBoundary
      resetKeys={[resetKey]}
      // Only "Try again" reloads the data; a new address just renders afresh.
      onReset={(details) => { if (details.reason === 'imperative-api') onReset?.(); }}
      onError={(error) => console.error('paydocs: the page crashed while rendering', error)}
      fallbackRender={({ error, resetErrorBoundary }) => <CrashPage error={asError(error)} onTryAgain={resetErrorBoundary} />}
    >
      {children}
    </ErrorBoundary>
  );
}

/** A thrown value as an Error (a component may throw anything). */
export const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));
