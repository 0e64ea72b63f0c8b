/**
 * Offline reading, the page's side (loaded after the first render; reader/offline/sw.ts
 * is the worker): registers dist/sw.js when the manifest names it, and keeps this tab
 * on one build. A new worker of the build this tab already shows takes over quietly
 * (a fresh visit); one of another build — or another tab's switch to it — shows a small
 * "Updated — reload" notice: reloading is what moves this tab, never a mix. Without a
 * worker in the manifest (`paydocs dev`) any registration left on this origin goes.
 */
import type { Manifest } from '../../schema/manifest.ts';
import type { OfflineRequest } from '../../schema/offline.ts';
import type { PageLoader } from '../lib/page-loader.ts';
import { showUpdateNotice } from './notice.ts';

/** A tab that comes back into view checks for a new build at most this often. */
const UPDATE_CHECK_MS = 60_000;
/** A worker that does not say its build within this time is left alone. */
const ASK_TIMEOUT_MS = 3_000;

const tell = (worker: ServiceWorker, message: OfflineRequest, transfer: Transferable[] = []) =>
  worker.postMessage(message, transfer);

/** The build a worker serves (undefined if it does not answer). */
function buildOf(worker: ServiceWorker): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), ASK_TIMEOUT_MS);
    channel.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve(String(e.data));
    };
    tell(worker, { type: 'build' }, [channel.port2]);
  });
}

export async function startOffline(manifest: Manifest, loader: Pick<PageLoader, 'fetched'>): Promise<void> {
  // Absent off secure origins, and where service workers are blocked.
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  if (!manifest.serviceWorker) {
    for (const registration of await container.getRegistrations()) await registration.unregister();
    return;
  }
  void import('./styles.ts');
  // Called once the page has loaded (reader/main.tsx): installing fetches the assets and the search index.
  const build = manifest.buildId;
  let reloading = false;

  /**
   * This tab's build controls it: fetch again, through the worker, the pages loaded
   * before it did (the one on screen, those prefetched), so it keeps them; then say so.
   */
  const ready = async () => {
    const loaded = Object.entries(manifest.routes).filter(([route]) => loader.fetched(route));
    await Promise.all(loaded.map(([, entry]) => fetch(`/${entry.data}`).catch(() => undefined)));
    document.documentElement.dataset.offline = 'ready';
  };

  const waiting = async (worker: ServiceWorker) => {
    if (!container.controller) return;
    const next = await buildOf(worker);
    if (next === build) tell(worker, { type: 'activate' });
    // Reload once it has taken over (at once if another tab made it take over meanwhile).
    else if (next)
      showUpdateNotice(() => {
        if (worker.state !== 'installed') {
          location.reload();
          return;
        }
        reloading = true;
        tell(worker, { type: 'activate' });
      });
  };

  container.addEventListener('controllerchange', () => {
    if (reloading) {
      location.reload();
      return;
    }
    const controller = container.controller;
    if (!controller) return;
    void buildOf(controller).then((now) => {
      if (now === build) void ready();
      else if (now) showUpdateNotice(() => location.reload());
    });
  });

  const registration: ServiceWorkerRegistration | undefined = await container
    .register(manifest.serviceWorker, { updateViaCache: 'none' })
    .catch((error: unknown) => {
      console.warn('paydocs: offline reading is off: the service worker could not be registered.', error);
      return undefined;
    });
  // A blocked registration (Playwright's serviceWorkers: 'block') resolves to nothing.
  if (!registration) return;
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') void waiting(worker);
    });
  });
  if (registration.waiting) void waiting(registration.waiting);
  if (container.controller && (await buildOf(container.controller)) === build) void ready();

  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < UPDATE_CHECK_MS) return;
    checked = Date.now();
    registration.update().catch(() => undefined);
  });
}
