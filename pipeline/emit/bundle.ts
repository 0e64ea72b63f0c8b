/**
 * Stage: bundle the reader with esbuild for the browser (platform 'browser', so a
 * `node:*` import fails the build). Content-hashed names; returns the files and
 * the entry names the HTML needs.
 */
import * as esbuild from 'esbuild';
import path from 'node:path';
import { projectPath } from '../paths.ts';

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
}

const readerDir = projectPath('reader');

export async function bundleReader(options: { minify?: boolean; extraEntries?: Record<string, string> } = {}): Promise<Bundle> {
  const minify = options.minify ?? true;
  const common: esbuild.BuildOptions = {
    bundle: true, minify, write: false, platform: 'browser', target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    define: { 'process.env.NODE_ENV': '"production"' }, jsx: 'automatic', legalComments: 'none', outdir: '/assets', logLevel: 'silent',
    loader: { '.svg': 'text' },
  };
  const entryPoints: Record<string, string> = { app: path.join(readerDir, 'main.tsx'), ...(options.extraEntries ?? {}) };
  const [app, theme] = await Promise.all([
    esbuild.build({ ...common, entryPoints, format: 'esm', splitting: true, entryNames: '[name].[hash]', chunkNames: 'chunk.[hash]', assetNames: '[name].[hash]', metafile: true }),
    esbuild.build({ ...common, entryPoints: { theme: path.join(readerDir, 'boot/theme.ts') }, format: 'iife', entryNames: '[name].[hash]' }),
  ]);
  const files = [...app.outputFiles!, ...theme.outputFiles!].map((f) => ({ path: `assets/${path.basename(f.path)}`, contents: f.contents }));
  const entries: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  let appJs = '', appCss = '';
  for (const [out, meta] of Object.entries(app.metafile!.outputs)) {
    const name = `assets/${path.basename(out)}`;
    imports[name] = meta.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => `assets/${path.basename(i.path)}`);
    if (!meta.entryPoint) continue;
    const entryName = Object.entries(entryPoints).find(([, p]) => path.resolve(meta.entryPoint!) === path.resolve(p) || meta.entryPoint!.endsWith(path.relative(process.cwd(), p)))?.[0];
    if (entryName === 'app') { appJs = name; if (meta.cssBundle) appCss = `assets/${path.basename(meta.cssBundle)}`; }
    else if (entryName) entries[entryName] = name;
  }
  const themeJs = `assets/${path.basename(theme.outputFiles!.find((f) => f.path.endsWith('.js'))!.path)}`;
  return { files, appJs, appCss, themeJs, entries, imports };
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
