/**
 * Browser entry. The prerendered HTML is already on screen; fetch the manifest and
 * this page's JSON, then hydrate so navigation becomes client-side.
 */
import { hydrateRoot, createRoot } from 'react-dom/client';
import type { Manifest } from '../schema/manifest.ts';
import { MANIFEST_VERSION } from '../schema/versions.ts';
import { App } from './app.tsx';
import { createPageLoader } from './lib/page-loader.ts';
import { normalisePath } from '../schema/paths.ts';
import { MANIFEST_URL } from '../schema/dist-layout.ts';
import { PAGE_CONTENT_ID, ROOT_ID } from '../schema/chrome-ids.ts';
import './styles/index.css';
import './styles/code.css';
import './styles/api.css';
import './styles/flow.css';
import './styles/print.css';

async function boot() {
  const root = document.getElementById(ROOT_ID)!;
  const manifestUrl = root.dataset.manifest ?? MANIFEST_URL;
  const manifest = (await (await fetch(manifestUrl, { cache: 'no-cache' })).json()) as Manifest;
  if (manifest.version !== MANIFEST_VERSION) {
    console.warn(
      `paydocs: manifest version ${manifest.version} does not match the reader's ${MANIFEST_VERSION}; ` +
        'the site was built by another paydocs version. Rebuild the site (paydocs build) so both match.',
    );
  }
  const path = normalisePath(location.pathname);
  const loader = createPageLoader(manifest);
  // A prerendered page keeps its content's HTML: no sample printed again, no tree printed as HTML.
  const prerendered =
    root.dataset.prerendered === 'true' ? document.getElementById(PAGE_CONTENT_ID)?.innerHTML : undefined;
  const initial = manifest.routes[path] ? await loader.load(path, prerendered).catch(() => undefined) : undefined;
  const app = <App manifest={manifest} loader={loader} initial={initial} />;
  if (root.dataset.prerendered === 'true' && (initial || !manifest.routes[path])) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // <html data-hydrated="true"> is set by App's first effect, once the page is interactive.
  // Offline reading (a service worker) is loaded off the initial JS once the page has loaded:
  // it never competes with hydration, and installing it fetches the assets and the search index.
  if ('serviceWorker' in navigator) {
    const start = () => void import('./offline/register.ts').then((offline) => offline.startOffline(manifest, loader));
    if (document.readyState === 'complete') setTimeout(start, 0);
    else addEventListener('load', () => setTimeout(start, 0), { once: true });
  }
}

void boot();
