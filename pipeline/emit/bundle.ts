/**
 * Stage: bundle the reader with esbuild for the browser (platform 'browser', so a
 * `node:*` import fails the build). Content-hashed names; returns the files and
 * the entry names the HTML needs.
 */
import * as esbuild from 'esbuild';
import path from 'node:path';
import { PROJECT_ROOT, projectPath } from '../paths.ts';
import { ASSETS_DIR, PAGE_CODEC_FILE } from '../../schema/dist-layout.ts';
import { inputsHash, metafileInputs } from '../incremental/cli-bundle.mjs';
import type { StageMemo } from '../incremental/memo.ts';

export interface Bundle {
  files: { path: string; contents: Uint8Array }[];
  /** dist-relative URLs. */
  appJs: string;
  appCss: string;
  themeJs: string;
  /** Any further JS entry (e.g. the search worker), by entry name. */
  entries: Record<string, string>;
  /** Each JS output's static imports (dist-relative), from esbuild's metafile. */
  imports: Record<string, string[]>;
  /** The source files it was made of (project-relative), from esbuild's metafile: its code hash is theirs. */
  inputs: string[];
}

const readerDir = projectPath('reader');

export async function bundleReader(options: BundleOptions = {}): Promise<Bundle> {
  const minify = options.minify ?? true;
  const common: esbuild.BuildOptions = {
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    minify,
    write: false,
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    legalComments: 'none',
    outdir: '/assets',
    logLevel: 'silent',
    loader: { '.svg': 'text' },
  };
  const entryPoints: Record<string, string> = {
    app: path.join(readerDir, 'main.tsx'),
    ...(options.extraEntries ?? {}),
  };
  const [app, theme, codec] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints,
      format: 'esm',
      splitting: true,
      entryNames: '[name].[hash]',
      chunkNames: 'chunk.[hash]',
      assetNames: '[name].[hash]',
      metafile: true,
    }),
    esbuild.build({
      ...common,
      entryPoints: { theme: path.join(readerDir, 'boot/theme.ts') },
      format: 'iife',
      entryNames: '[name].[hash]',
      metafile: true,
    }),
    bundlePageCodec(),
  ]);
  const files = [...app.outputFiles!, ...theme.outputFiles!].map((f) => ({
    path: `${ASSETS_DIR}/${path.basename(f.path)}`,
    contents: f.contents,
  }));
  files.push({ path: PAGE_CODEC_FILE, contents: codec.outputFiles![0].contents });
  const entries: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  let appJs = '',
    appCss = '';
  for (const [out, meta] of Object.entries(app.metafile!.outputs)) {
    const name = `${ASSETS_DIR}/${path.basename(out)}`;
    imports[name] = meta.imports
      .filter((i) => i.kind === 'import-statement' && !i.external)
      .map((i) => `${ASSETS_DIR}/${path.basename(i.path)}`);
    if (!meta.entryPoint) continue;
    const entryName = Object.entries(entryPoints).find(
      ([, p]) => path.resolve(PROJECT_ROOT, meta.entryPoint!) === path.resolve(p),
    )?.[0];
    if (entryName === 'app') {
      appJs = name;
      if (meta.cssBundle) appCss = `${ASSETS_DIR}/${path.basename(meta.cssBundle)}`;
    } else if (entryName) entries[entryName] = name;
  }
  const themeJs = `${ASSETS_DIR}/${path.basename(theme.outputFiles!.find((f) => f.path.endsWith('.js'))!.path)}`;
  const inputs = metafileInputs({
    inputs: { ...app.metafile!.inputs, ...theme.metafile!.inputs, ...codec.metafile!.inputs },
    outputs: {},
  });
  return { files, appJs, appCss, themeJs, entries, imports, inputs };
}

type BundleOptions = { minify?: boolean; extraEntries?: Record<string, string> };

/**
 * The page JSON reader other tools use (docs/page-json.md): one ES module with no imports,
 * published at a fixed name beside the JSON Schemas. Not minified: people read it.
 */
export function bundlePageCodec() {
  return esbuild.build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [projectPath('schema/page-codec-published.ts')],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'esm',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'silent',
    outfile: '/page-codec.js',
    metafile: true,
  });
}

/**
 * The reader bundle through the stage memo: kept with the list of files it was made
 * of, and reused while none of them changed (their hash is checked, not their dates).
 */
type Kept = Omit<Bundle, 'files'> & { hash: string; files: { path: string; base64: string }[] };

/**
 * The hash of the files the kept reader bundle was made of, as they are now (stylesheets
 * and browser-only modules included, which the pipeline's own code hash does not cover),
 * or undefined when there is none: part of the whole build's key, so an edit to
 * reader/styles/index.css alone is not "already up to date".
 */
export function readerSourceHash(memo: StageMemo, options: BundleOptions): string | undefined {
  const kept = memo.get<Kept>('reader-bundle', memo.key('reader-bundle', [options]));
  return kept && inputsHash(PROJECT_ROOT, kept.inputs);
}

export async function bundleReaderMemo(memo: StageMemo, options: BundleOptions): Promise<Bundle & { fresh: boolean }> {
  const slot = memo.key('reader-bundle', [options]);
  const kept = memo.get<Kept>('reader-bundle', slot);
  if (kept && inputsHash(PROJECT_ROOT, kept.inputs) === kept.hash) {
    const { hash: _hash, files, ...rest } = kept;
    return {
      ...rest,
      files: files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') })),
      fresh: false,
    };
  }
  const bundle = await bundleReader(options);
  memo.set('reader-bundle', slot, {
    ...bundle,
    hash: inputsHash(PROJECT_ROOT, bundle.inputs),
    files: bundle.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') })),
  });
  return { ...bundle, fresh: true };
}

/**
 * An entry and every chunk it imports statically, transitively: what a browser
 * fetches before the entry runs. Lazy `import()` chunks do not count.
 */
export function staticClosure(bundle: Pick<Bundle, 'imports'>, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (p: string) => {
    if (seen.has(p)) return;
    seen.add(p);
    for (const next of bundle.imports[p] ?? []) visit(next);
  };
  visit(entry);
  return [...seen];
}

/** The scripts a page loads before its first paint: the theme script, the app entry and its static chunks. */
export function initialScripts(bundle: Bundle): string[] {
  return [bundle.themeJs, ...staticClosure(bundle, bundle.appJs)];
}
