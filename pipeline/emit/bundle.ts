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
  let appJs = '', appCss = '';
  for (const [out, meta] of Object.entries(app.metafile!.outputs)) {
    const name = `assets/${path.basename(out)}`;
    if (!meta.entryPoint) continue;
    const entryName = Object.entries(entryPoints).find(([, p]) => path.resolve(meta.entryPoint!) === path.resolve(p) || meta.entryPoint!.endsWith(path.relative(process.cwd(), p)))?.[0];
    if (entryName === 'app') { appJs = name; if (meta.cssBundle) appCss = `assets/${path.basename(meta.cssBundle)}`; }
    else if (entryName) entries[entryName] = name;
  }
  const themeJs = `assets/${path.basename(theme.outputFiles!.find((f) => f.path.endsWith('.js'))!.path)}`;
  return { files, appJs, appCss, themeJs, entries };
}

/** Chunks the app entry imports statically (loaded on first paint); lazy chunks do not count. */
function isStaticImport(bundle: Bundle, chunk: string): boolean {
  const app = bundle.files.find((f) => f.path === bundle.appJs);
  if (!app) return false;
  const text = new TextDecoder().decode(app.contents);
  return new RegExp(`from"\\./${path.basename(chunk).replace(/\./g, '\\.')}"|import"\\./${path.basename(chunk).replace(/\./g, '\\.')}"`).test(text);
}

/** The scripts a page loads before its first paint: app entry, its static chunks, the theme script. */
export function initialScripts(bundle: Bundle): string[] {
  return [bundle.appJs, bundle.themeJs, ...bundle.files.filter((f) => f.path.includes('chunk.') && isStaticImport(bundle, f.path)).map((f) => f.path)];
}
