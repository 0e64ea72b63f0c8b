/**
 * Where a build puts its files in dist/: the folders and names that the writers
 * (pipeline/emit, link, search, diagrams), the hosting rules (pipeline/server/hosting.ts),
 * the route rules (pipeline/content/routes.ts), the offline worker and the reader agree on.
 * The README's page JSON contract describes this layout to other tools.
 * Browser-safe: no Node imports. Names without a leading slash are paths inside dist;
 * with one, URLs. Written out as plain strings, not joined from each other, so that esbuild
 * drops the ones a reader bundle does not use and inlines the rest.
 */

/** The reader's bundles and the drawn diagrams: every name carries its content's hash. */
export const ASSETS_DIR = 'assets';
export const DIAGRAMS_DIR = 'assets/diagrams';

/** The site's data: page JSON, the manifest, search shards, generated data, the offline shell. */
export const DATA_DIR = '_data';
export const PAGES_DIR = '_data/pages';
export const SEARCH_DIR = '_data/search';
/** The data generated content is printed with (link/generated-data.ts): content-hashed names. */
export const GENERATED_DIR = '_data/generated';
export const MANIFEST_FILE = '_data/manifest.json';
export const MANIFEST_URL = '/_data/manifest.json';

/** The page-less document a navigation gets offline when nothing else answers: it boots the reader. */
export const OFFLINE_SHELL_PATH = '/_data/offline';
export const OFFLINE_SHELL_FILE = '_data/offline/index.html';
/** The offline worker's address: at the root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';
export const SERVICE_WORKER_FILE = 'sw.js';

/** The page JSON decoder published for other tools (schema/page-codec-published.ts, docs/page-json.md). */
export const PAGE_CODEC_FILE = 'schema/page-codec.js';

/** Folders the build fills itself: no page may be published inside one (rule route-reserved). */
export const BUILD_FOLDERS: readonly string[] = [ASSETS_DIR, DATA_DIR];

/**
 * Folders whose every file has a content-hashed name (bundles, diagrams, search shards,
 * generated data): such a file never changes under its name, so it may be kept for a year.
 */
export const HASHED_FOLDERS: readonly string[] = [ASSETS_DIR, SEARCH_DIR, GENERATED_DIR];

/** Where a route's page JSON lives inside dist: `_data/pages/<route>.json` (`index` for `/`). */
export function pageDataPath(route: string): string {
  return `${PAGES_DIR}/${route === '/' ? 'index' : route.slice(1)}.json`;
}

/** Where a route's prerendered HTML lives inside dist. */
export function htmlPath(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}
