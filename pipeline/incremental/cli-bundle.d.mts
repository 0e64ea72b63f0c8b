import type { BuildOptions, Metafile } from 'esbuild';

export function cliBundleOptions(
  root: string,
  outdir: string,
  options?: { dependencies?: 'bundled' | 'external' },
): BuildOptions;
export function metafileInputs(metafile: Metafile): string[];
export function inputsHash(root: string, inputs: string[]): string;
