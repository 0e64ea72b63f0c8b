/**
 * Prerendering: the same App rendered to a string in Node for one route.
 * The only reader module the pipeline imports (docs/architecture.md, The reader).
 */
import { renderToString } from 'react-dom/server';
import type { Manifest } from '../schema/manifest.ts';
import type { ReaderPage } from '../schema/page.ts';
import { App } from './app.tsx';
import { createPageLoader } from './lib/page-loader.ts';
import { PrerenderedSidebarList } from './shell/Sidebar.tsx';
import { sidebarListHtml } from './shell/sidebar-html.tsx';

export function renderRoute(manifest: Manifest, route: string, page: ReaderPage | undefined): string {
  const loader = createPageLoader(manifest, () => Promise.reject(new Error('no fetch while prerendering')), page);
  return renderToString(
    <PrerenderedSidebarList.Provider value={sidebarListHtml}>
      <App manifest={manifest} loader={loader} initial={page} ssrPath={route} />
    </PrerenderedSidebarList.Provider>,
  );
}
