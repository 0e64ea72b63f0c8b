/**
 * The offline-reading service worker (dist/sw.js = the build's OfflineBuild + this,
 * bundled by pipeline/emit/service-worker.ts). It keeps one build at a time:
 *
 * - install: this build's manifest, offline shell, reader assets and whole search
 *   index go into `paydocs-build-<id>` (hashed files an earlier build already holds are
 *   copied, not fetched again). A manifest or shell of another build (the site
 *   changed during install) fails the install: the next visit tries again.
 * - activate: every other build's cache goes, and the opened pages' JSON that this
 *   build no longer lists; then the worker takes the open tabs (the reader shows
 *   "Updated — reload" in a tab still running another build: reader/offline/register.ts).
 * - fetch: navigations go to the network (always the deployed build when online) and,
 *   offline, get the shell, which boots the reader on this build's manifest
 *   (`?build=<id>`): never a page of one build with the data of another. A file's address
 *   (a Markdown twin) gets no shell offline: this build's copy, or the browser's error. Hashed files
 *   come from the cache first; page JSON once opened is kept under its `?v=<hash>`
 *   URL when its bytes have that hash.
 *
 * Written by hand, following the Offline Cookbook's patterns (cache on install,
 * network falling back to cache, cache falling back to network) rather than with
 * Workbox: its precache route answers precached URLs from the cache first, which
 * would give a fresh page the previous build's manifest; the rest would be custom
 * handlers anyway (build-pinned shell and manifest, hash-checked page JSON, pruning
 * by the manifest). What remains is this one file.
 */
/// <reference lib="webworker" />
import type { OfflineBuild, OfflineRequest } from '../../schema/offline.ts';
import type { Manifest } from '../../schema/manifest.ts';
import { namesFile } from '../../schema/paths.ts';

const PREFIX = 'paydocs-';
const PAGES = `${PREFIX}pages`;

export function serviceWorker(sw: ServiceWorkerGlobalScope, build: OfflineBuild) {
  const CACHE = `${PREFIX}build-${build.id}`;
  const manifestKey = `${build.manifest}?build=${build.id}`;
  const shellKey = build.shell;
  const precached = new Set([...build.precache, ...build.files]);
  const fromBuild = async (key: string) => (await caches.open(CACHE)).match(key, { ignoreVary: true });

  /**
   * A response to keep: a whole 200. One reached through a redirect (Cloudflare Pages
   * adds a slash to `/_data/offline`) is copied, since a navigation may not be
   * answered with a redirected response.
   */
  const fetchOk = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, init);
    if (res.status !== 200) throw new Error(`${url} answered HTTP ${res.status}`);
    return res.redirected ? new Response(await res.blob(), { status: 200, headers: res.headers }) : res;
  };

  async function install() {
    const cache = await caches.open(CACHE);
    const manifest = await fetchOk(build.manifest, { cache: 'no-cache' });
    if (((await manifest.clone().json()) as Manifest).buildId !== build.id)
      throw new Error('The site changed during install.');
    const shell = await fetchOk(build.shell, { cache: 'no-cache' });
    if (!(await shell.clone().text()).includes(manifestKey)) throw new Error('The site changed during install.');
    await cache.put(manifestKey, manifest);
    await cache.put(shellKey, shell);
    await Promise.all(
      [...precached].map(async (url) => {
        const kept = build.precache.includes(url) ? await caches.match(url, { ignoreVary: true }) : undefined;
        await cache.put(url, kept ?? (await fetchOk(url, { cache: 'no-cache' })));
      }),
    );
  }

  async function activate() {
    await sw.registration.navigationPreload?.enable();
    for (const name of await caches.keys())
      if (name.startsWith(PREFIX) && name !== CACHE && name !== PAGES) await caches.delete(name);
    const manifest = (await (await fromBuild(manifestKey))?.json()) as Manifest | undefined;
    if (manifest) {
      const listed = new Set(Object.values(manifest.routes).map((r) => new URL(`/${r.data}`, sw.location.origin).href));
      const pages = await caches.open(PAGES);
      for (const request of await pages.keys()) if (!listed.has(request.url)) await pages.delete(request);
    }
    await sw.clients.claim();
  }

  /**
   * Online: whatever the host answers. Offline: the shell of this build, which boots the
   * reader — for a page. A file (a Markdown twin, an image) the reader cannot show: the shell
   * would call it not found, so offline it is this build's copy or the browser's own error.
   */
  async function navigate(event: FetchEvent): Promise<Response> {
    try {
      return ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
    } catch (error) {
      const { pathname } = new URL(event.request.url);
      if (namesFile(pathname)) return (await fromBuild(pathname)) ?? Promise.reject(error);
      const shell = await fromBuild(shellKey);
      if (shell) return shell;
      throw error;
    }
  }

  async function networkFirst(request: Request, key: string): Promise<Response> {
    try {
      return await fetch(request);
    } catch (error) {
      return (await fromBuild(key)) ?? Promise.reject(error);
    }
  }

  async function cacheFirst(request: Request): Promise<Response> {
    return (await caches.match(request.url, { ignoreVary: true })) ?? fetch(request);
  }

  /** Page JSON: from the kept pages, else the network; kept when its bytes have the hash its URL names. */
  async function pageJson(request: Request, url: URL): Promise<Response> {
    const pages = await caches.open(PAGES);
    const kept = await pages.match(request.url, { ignoreVary: true });
    if (kept) return kept;
    const res = await fetch(request);
    const version = url.searchParams.get('v');
    if (res.ok && !res.redirected && version) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await res.clone().arrayBuffer()));
      const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
      // Another build's bytes under this build's URL (the site changed under an open tab): served, not kept.
      if (hex.startsWith(version)) await pages.put(request.url, res.clone());
    }
    return res;
  }

  sw.addEventListener('install', (event) => event.waitUntil(install()));
  sw.addEventListener('activate', (event) => event.waitUntil(activate()));

  sw.addEventListener('message', (event) => {
    const message = event.data as OfflineRequest;
    if (message?.type === 'build') event.ports[0]?.postMessage(build.id);
    else if (message?.type === 'activate') event.waitUntil(sw.skipWaiting());
  });

  sw.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== sw.location.origin) return;
    if (request.mode === 'navigate') event.respondWith(navigate(event));
    else if (url.pathname === build.manifest)
      event.respondWith(
        url.search === `?build=${build.id}`
          ? fromBuild(manifestKey).then((r) => r ?? fetch(build.manifest))
          : networkFirst(request, manifestKey),
      );
    else if (build.immutable.some((prefix) => url.pathname.startsWith(prefix))) event.respondWith(cacheFirst(request));
    else if (url.pathname.startsWith(build.pages)) event.respondWith(pageJson(request, url));
    else if (precached.has(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
  });
}
