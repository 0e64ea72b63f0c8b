/**
 * Stage: offline reading. Gives the manifest its final build id and the service
 * worker's address, and writes dist/sw.js (the worker, reader/offline/sw.ts, bundled
 * with this build's OfflineBuild baked in: a new build is new bytes, so browsers
 * install it) and the offline shell (a page-less document that boots the reader on
 * this build's manifest). `paydocs dev` never runs it: its manifest names no worker.
 */
import type { StageMemo } from '../incremental/memo.ts';
import { readdirSync, readFileSync } from 'node:fs';
import type { Manifest } from '../../schema/manifest.ts';
import { offlineBuild, type OfflineBuild } from '../../schema/offline.ts';
import {
  MANIFEST_URL,
  OFFLINE_SHELL_FILE,
  OFFLINE_SHELL_PATH,
  PAGES_DIR,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_PATH,
} from '../../schema/dist-layout.ts';
import { shortHash } from '../hash.ts';
import { PROJECT_ROOT, projectPath } from '../paths.ts';
import { IMMUTABLE_PREFIXES } from '../server/hosting.ts';
import type { Bundle } from './bundle.ts';
import { htmlDocument } from './html.ts';

const workerDir = projectPath('reader/offline');

/**
 * The worker's sources, hashed: they are an esbuild entry the pipeline's own bundle
 * does not import, so the code hash alone would not see an edit (build.ts adds this
 * to the whole build's key).
 */
export function serviceWorkerSourceHash(): string {
  return shortHash(
    readdirSync(workerDir)
      .sort()
      .map((f) => `${f}\0${readFileSync(`${workerDir}/${f}`, 'utf8')}`)
      .join('\0'),
  );
}

export interface OfflineInput {
  manifest: Manifest;
  bundle: Pick<Bundle, 'files' | 'appJs' | 'appCss' | 'themeJs'>;
  /** dist-relative paths of the search index files. */
  searchFiles: Iterable<string>;
  /** content/public files (dist-relative), to know whether the favicon is the site's own. */
  publicFiles: string[];
  minify?: boolean;
  /** Keeps the worker's bundled code across builds (the stage memo): see `workerCode`. */
  memo?: Pick<StageMemo, 'run'>;
}

/** The manifest as served (final build id, worker address), what the worker is told, and the files to write. */
export async function offlineFiles(
  input: OfflineInput,
): Promise<{ manifest: Manifest; build: OfflineBuild; files: [string, string][] }> {
  const { bundle } = input;
  // The content's build id, plus what the reader and the index add: any change to what the worker keeps is a new build.
  const id = shortHash(
    [
      input.manifest.buildId,
      input.manifest.search,
      input.manifest.searchWorker ?? '',
      bundle.appJs,
      bundle.appCss,
      bundle.themeJs,
    ].join('\0'),
  );
  const manifest: Manifest = { ...input.manifest, buildId: id, serviceWorker: SERVICE_WORKER_PATH };
  const favicon = manifest.site.favicon;
  const build: OfflineBuild = offlineBuild.parse({
    id,
    manifest: MANIFEST_URL,
    shell: OFFLINE_SHELL_PATH,
    immutable: [...IMMUTABLE_PREFIXES],
    // The error rows API pages print (manifest `apiErrors`) with the reader and the index.
    precache: [
      ...bundle.files.map((f) => `/${f.path}`),
      ...[...input.searchFiles].map((p) => `/${p}`),
      input.manifest.apiErrors,
    ].sort(),
    files: favicon.startsWith('/') && input.publicFiles.includes(favicon.slice(1)) ? [favicon] : [],
    pages: `/${PAGES_DIR}/`,
  });
  const shell = htmlDocument({
    site: manifest.site,
    route: '/',
    title: 'Offline',
    description: `The ${manifest.site.title} documentation, read offline.`,
    body: '',
    noindex: true,
    prerendered: false,
    assets: {
      appJs: bundle.appJs,
      appCss: bundle.appCss,
      themeJs: bundle.themeJs,
      manifestUrl: `${MANIFEST_URL}?build=${id}`,
    },
  });
  const minify = input.minify ?? true;
  const code = await (input.memo
    ? input.memo.run('service-worker-code', [serviceWorkerSourceHash(), minify], () => workerCode(minify))
    : workerCode(minify));
  // A classic script (module workers are not everywhere yet), this build passed to its code.
  const sw = `(function(PAYDOCS_OFFLINE_BUILD){${code}})(${JSON.stringify(build)});\n`;
  return {
    manifest,
    build,
    files: [
      [SERVICE_WORKER_FILE, sw],
      [OFFLINE_SHELL_FILE, shell],
    ],
  };
}

/**
 * The worker's code, with the build it serves as a free name, `PAYDOCS_OFFLINE_BUILD`, that
 * the wrapper above binds: bundled once per source and kept, so a content change does not
 * load esbuild and start its service (measured: bench/HISTORY.md, service worker bundle).
 */
async function workerCode(minify: boolean): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents:
        "import { serviceWorker } from './sw.ts';\n" +
        'serviceWorker(self as unknown as ServiceWorkerGlobalScope, PAYDOCS_OFFLINE_BUILD);\n',
      resolveDir: workerDir,
      sourcefile: 'sw-entry.ts',
      loader: 'ts',
    },
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
