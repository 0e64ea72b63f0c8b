/**
 * The reader: wouter routes from the manifest. A documentation route renders its
 * page JSON; /search the search page; anything else the not-found page.
 * Shared by the browser entry (main.tsx) and the prerenderer (render.tsx).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Router, useLocation } from 'wouter';
import type { Manifest } from '../schema/manifest.ts';
import type { PageData } from '../schema/page.ts';
import { SiteContext, useSite } from './site-context.tsx';
import type { PageLoader } from './lib/page-loader.ts';
import { normalisePath } from './lib/paths.ts';
import { SPINNER_DELAY } from './lib/constants.ts';
import { Navbar } from './shell/Navbar.tsx';
import { Sidebar } from './shell/Sidebar.tsx';
import { MobileDrawer } from './shell/MobileDrawer.tsx';
import { AnnouncementBar, Footer, SkipLink } from './shell/chrome.tsx';
import { ProgressBar, Spinner } from './shell/ProgressBar.tsx';
import { PageView } from './page/PageView.tsx';
import { CrashBoundary, LoadFailed, NotFound } from './page/states.tsx';
import { SearchPage } from './search/SearchPage.tsx';
import { useDocumentMeta, useHashScroll, usePrefetchLinks } from './page/effects.ts';

type LoadState = { route: string; page?: PageData; error?: string };

function usePage(path: string, initial: PageData | undefined): { state: LoadState; loading: boolean; showSpinner: boolean; retry: () => void } {
  const { loader, manifest } = useSite();
  const [state, setState] = useState<LoadState>(() => ({ route: initial?.route ?? path, page: initial }));
  const [showSpinner, setShowSpinner] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(path);
  latest.current = path;
  const known = Boolean(manifest.routes[path]);
  useEffect(() => {
    if (!known) return;
    if (state.route === path && state.page && !state.error) return;
    const cached = loader.peek(path);
    if (cached) { setState({ route: path, page: cached }); return; }
    setShowSpinner(false);
    const timer = setTimeout(() => setShowSpinner(true), SPINNER_DELAY);
    loader.load(path).then(
      (page) => { if (latest.current === path) setState({ route: path, page }); },
      (error: Error) => { if (latest.current === path) setState({ route: path, error: error.message }); },
    ).finally(() => clearTimeout(timer));
    return () => clearTimeout(timer);
  }, [path, attempt, known]);
  const loading = known && state.route !== path;
  const retry = useCallback(() => { setState({ route: '' }); setAttempt((n) => n + 1); }, []);
  return { state, loading: loading || (state.route === '' && known), showSpinner, retry };
}

function Routes({ initial }: { initial?: PageData }) {
  const { manifest } = useSite();
  const [rawPath, navigate] = useLocation();
  const path = normalisePath(rawPath);
  useEffect(() => { if (path !== rawPath) navigate(path + (typeof location !== 'undefined' ? location.search + location.hash : ''), { replace: true }); }, [rawPath]);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(() => setMenuOpen(false), [path]);

  const isDoc = Boolean(manifest.routes[path]);
  const { state, loading, showSpinner, retry } = usePage(path, initial);
  const page = state.route === path ? state.page : undefined;
  useDocumentMeta(isDoc ? page : undefined, path);
  useHashScroll(page?.route ?? path);
  usePrefetchLinks(page?.route);
  const sidebar = isDoc || loading ? manifest.sidebars.docs ?? null : null;

  let main;
  if (path === '/search') main = <SearchPage />;
  else if (!isDoc) main = <NotFound />;
  else if (state.route === path && state.error) main = <LoadFailed message={state.error} onRetry={retry} />;
  else if (page) main = <PageView page={page} />;
  else if (state.page) main = showSpinner ? <Spinner /> : <PageView page={state.page} />;
  else main = showSpinner ? <Spinner /> : null;

  return (
    <>
      <SkipLink />
      <ProgressBar loading={loading} />
      <AnnouncementBar />
      <Navbar onMenu={() => setMenuOpen(true)} menuOpen={menuOpen} hasSidebar={Boolean(sidebar)} />
      <MobileDrawer open={menuOpen} onClose={closeMenu} sidebar={sidebar} path={path} />
      <div className={`main-wrapper${sidebar ? ' with-sidebar' : ''}`}>
        {sidebar ? <Sidebar items={sidebar} path={path} /> : null}
        <main id="main-content" tabIndex={-1} className="main" aria-busy={loading}>
          <CrashBoundary resetKey={path}>{main}</CrashBoundary>
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
  initial?: PageData;
  /** Path for server rendering. */
  ssrPath?: string;
  ssrSearch?: string;
}

export function App({ manifest, loader, initial, ssrPath, ssrSearch }: AppProps) {
  return (
    <SiteContext.Provider value={{ manifest, loader }}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <Routes initial={initial} />
      </Router>
    </SiteContext.Provider>
  );
}
