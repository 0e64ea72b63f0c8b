/**
 * The reader: wouter routes from the manifest. A documentation route renders its
 * page JSON; /search the search page; anything else the not-found page.
 * Shared by the browser entry (main.tsx) and the prerenderer (render.tsx).
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Router, useLocation } from 'wouter';
import type { Manifest } from '../schema/manifest.ts';
import type { ReaderPage } from '../schema/page.ts';
import { SiteContext, useSite } from './site-context.tsx';
import type { PageLoader } from './lib/page-loader.ts';
import { normalisePath } from '../schema/paths.ts';
import { SPINNER_DELAY } from './lib/constants.ts';
import { Navbar } from './shell/Navbar.tsx';
import { Sidebar } from './shell/Sidebar.tsx';
import { MobileDrawer } from './shell/MobileDrawer.tsx';
import { AnnouncementBar, Footer, SkipLink } from './shell/chrome.tsx';
import { MAIN_CONTENT_ID } from '../schema/chrome-ids.ts';
import { ProgressBar, Spinner } from './shell/ProgressBar.tsx';
import { PageView } from './page/PageView.tsx';
import { CrashBoundary, LoadFailed, NotFound } from './page/states.tsx';
import { SearchPage } from './search/SearchPage.tsx';
import { PageMeta, useHashScroll, usePrefetchLinks } from './page/effects.ts';

type LoadState = { route: string; page?: ReaderPage; error?: string };

/**
 * The page JSON of `path`: loaded on route change (the previous page stays on
 * screen, and a spinner replaces it only after 200 ms), an error message when the
 * load fails, and `retry` to load again (dropping any cached copy).
 */
function usePage(path: string, known: boolean, initial: ReaderPage | undefined) {
  const { loader } = useSite();
  const [state, setState] = useState<LoadState>(() => ({ route: initial?.route ?? path, page: initial }));
  const [showSpinner, setShowSpinner] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(path);
  latest.current = path;
  useEffect(() => {
    if (!known) return;
    if (state.route === path && state.page && !state.error) return;
    const cached = loader.peek(path);
    if (cached) {
      setState({ route: path, page: cached });
      return;
    }
    setShowSpinner(false);
    const timer = setTimeout(() => setShowSpinner(true), SPINNER_DELAY);
    loader
      .load(path)
      .then(
        (page) => {
          if (latest.current === path) setState({ route: path, page });
        },
        (error: Error) => {
          if (latest.current === path) setState({ route: path, error: error.message });
        },
      )
      .finally(() => clearTimeout(timer));
    return () => clearTimeout(timer);
  }, [path, attempt, known]);
  const retry = useCallback(() => {
    loader.forget(latest.current);
    setState({ route: '' });
    setAttempt((n) => n + 1);
  }, [loader]);
  const loading = known && state.route !== path;
  return { state, loading, showSpinner, retry };
}

function Routes({ initial }: { initial?: ReaderPage }) {
  const { manifest } = useSite();
  const [rawPath, navigate] = useLocation();
  const path = normalisePath(rawPath);
  // /x.html and /x/index.html → /x on client-side navigation too (the server answers 301).
  useEffect(() => {
    if (path !== rawPath)
      navigate(path + (typeof location !== 'undefined' ? location.search + location.hash : ''), { replace: true });
  }, [rawPath]);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  useEffect(() => setMenuOpen(false), [path]);

  const isDoc = Boolean(manifest.routes[path]);
  const { state, loading, showSpinner, retry } = usePage(path, isDoc, initial);
  const page = state.route === path ? state.page : undefined;
  useHashScroll(isDoc ? (page ? page.route : null) : path);
  usePrefetchLinks(page?.route);
  const sidebar = isDoc ? (manifest.sidebars.docs ?? null) : null;

  let main: ReactNode;
  if (path === '/search') main = <SearchPage />;
  else if (!isDoc) main = <NotFound />;
  else if (state.route === path && state.error) main = <LoadFailed message={state.error} onRetry={retry} />;
  else if (page) main = <PageView page={page} />;
  else if (state.page && !showSpinner) main = <PageView page={state.page} />;
  else main = showSpinner ? <Spinner /> : null;

  return (
    <>
      <SkipLink />
      <ProgressBar loading={loading} />
      <AnnouncementBar />
      <Navbar onMenu={openMenu} menuOpen={menuOpen} hasSidebar={Boolean(sidebar)} />
      <MobileDrawer open={menuOpen} onClose={closeMenu} sidebar={sidebar} path={path} />
      <div className={`main-wrapper${sidebar ? ' with-sidebar' : ''}`}>
        {sidebar ? <Sidebar items={sidebar} path={path} /> : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="main" aria-busy={loading}>
          <CrashBoundary resetKey={path} onReset={isDoc ? retry : undefined}>
            <PageMeta page={page} path={path} />
            {main}
          </CrashBoundary>
        </main>
      </div>
      <Footer />
    </>
  );
}

export interface AppProps {
  manifest: Manifest;
  loader: PageLoader;
  /** The page of the first render (prerender and hydration). */
  initial?: ReaderPage;
  /** Path for server rendering. */
  ssrPath?: string;
  /** Query string for server rendering; '' also while hydrating (see App). */
  ssrSearch?: string;
}

export function App({ manifest, loader, initial, ssrPath, ssrSearch }: AppProps) {
  // Runs once hydration (or the first client render) has committed: the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <SiteContext.Provider value={{ manifest, loader }}>
      {/* The prerendered HTML knows no query string: useSearch() hydrates with '' (its
          server snapshot) and React re-renders with the real one, so nothing mismatches. */}
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch ?? ''}>
        <Routes initial={initial} />
      </Router>
    </SiteContext.Provider>
  );
}
