/** Not found, load failure (with Retry) and the crash page ("This page crashed." / "Try again"). */
import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { TEXT } from '../lib/constants.ts';

export function NotFound() {
  return (
    <div className="state-page not-found">
      <h1>{TEXT.notFoundTitle}</h1>
      <p>We could not find what you were looking for. The address may be mistyped, or the page may have moved.</p>
      <p><Link href="/">Go to the docs home</Link> or <Link href="/search">search the docs</Link>.</p>
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state-page load-failed" role="alert">
      <h1>This page could not be loaded</h1>
      <p className="load-error-text">{message}</p>
      <button type="button" className="button" onClick={onRetry}>{TEXT.retry}</button>
    </div>
  );
}

export class CrashBoundary extends Component<{ children: ReactNode; resetKey: string }, { error?: Error; key?: string }> {
  state: { error?: Error; key?: string } = {};
  static getDerivedStateFromError(error: Error) { return { error }; }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key?: string; error?: Error }) {
    return props.resetKey !== state.key ? { key: props.resetKey, error: undefined } : null;
  }
  componentDidUpdate() { if (this.state.error) document.title = TEXT.crashTitle; }
  componentDidCatch() { document.title = TEXT.crashTitle; }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="state-page crash" role="alert">
        <h1>{TEXT.crashHeading}</h1>
        <p className="crash-message">{this.state.error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: undefined })}>{TEXT.tryAgain}</button>
      </div>
    );
  }
}
