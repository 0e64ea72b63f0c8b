/**
 * What `paydocs dev` answers for a path, from the session's state as it is (dev-session.ts):
 * the manifest (with the dev search manifest), page JSON, search files, diagrams, machine
 * outputs, the reader bundle, public files, and any other path as a page rendered on request
 * by the session's current engine (so a reader edit shows in the HTML at once).
 */
import path from 'node:path';
import mime from 'mime';
import { publicFile } from './public-files.ts';
import { machineResponse } from '../machine/serve.ts';
import { machineInput } from '../machine/outputs.ts';
import { normalisePath } from '../../schema/paths.ts';
import { MANIFEST_FILE, MANIFEST_URL } from '../../schema/dist-layout.ts';
import type { SearchIndex } from '../search/search-step.ts';
import { DEV_SEARCH_MANIFEST, type DevSession } from './dev-session.ts';

export interface DevResponse {
  type: string;
  data: string | Uint8Array;
  status?: number;
}

/** The answer for `pathname`, or undefined (404). `devClient`: the live-reload script's URL for this version. */
export async function devResponse(
  state: DevSession['state'],
  root: string,
  pathname: string,
  devClient: string,
): Promise<DevResponse | undefined> {
  const { built, bundle, engine } = state;
  if (!built || !bundle) return buildFailedPage(state.lastError ?? '', devClient);
  const rel = pathname.slice(1);
  if (rel === MANIFEST_FILE) {
    const search = state.search ?? ({ manifestPath: DEV_SEARCH_MANIFEST } as SearchIndex);
    const manifest = { ...engine.withSearch(built.manifest, search, bundle), search: `/${DEV_SEARCH_MANIFEST}` };
    return { type: 'application/json', data: JSON.stringify(manifest) };
  }
  const pageFile = built.pageFiles.get(rel);
  if (pageFile) return { type: 'application/json', data: pageFile.json };
  if (rel === built.generatedData.path) return { type: 'application/json', data: built.generatedData.json };
  const searchFile = state.searchFiles.get(rel);
  if (searchFile) return { type: 'application/json', data: searchFile };
  const diagram = (await built.diagramFiles).get(rel);
  if (diagram) return { type: 'image/svg+xml', data: diagram };
  const machine = machineResponse(rel, machineInput(built));
  if (machine) return machine;
  const asset = bundle.files.find((f) => f.path === rel);
  if (asset) return { type: mime.getType(rel) ?? 'application/octet-stream', data: asset.contents };
  if (path.extname(pathname)) return publicFile(root, rel);
  const route = normalisePath(pathname);
  const page = built.pages.find((p) => p.route === route);
  const assets = { appJs: bundle.appJs, appCss: bundle.appCss, themeJs: bundle.themeJs, manifestUrl: MANIFEST_URL };
  const { html, known } = engine.renderDevPage({
    site: built.site.config,
    manifest: built.manifest,
    route,
    page,
    assets,
    devClient,
  });
  return { type: 'text/html; charset=utf-8', data: html, status: known ? 200 : 404 };
}

/** No good build yet: the error, with the live-reload client (the next good save reloads the page). */
const buildFailedPage = (error: string, devClient: string): DevResponse => ({
  type: 'text/html',
  data:
    `<!doctype html><title>Build failed</title><script src="${devClient}" type="module"></script>` +
    `<h1>Build failed</h1><pre>${error.replace(/</g, '&lt;')}</pre>`,
  status: 500,
});
