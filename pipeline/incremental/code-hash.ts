/**
 * The code hash: one hash for everything the build's code can change, taken from
 * what the pipeline bundle really contains (esbuild's metafile inputs: pipeline/,
 * schema/, reader/ as imported, recursively) plus package-lock.json and the Node
 * version. bin/paydocs.js computes it when it bundles the CLI and bakes it in;
 * from source (vitest, tsx) the same esbuild pass runs here without writing, once
 * per process. Every stage memo keys on it.
 */
import path from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import { cliBundleOptions, inputsHash, metafileInputs } from './cli-bundle.mjs';

declare const __PAYDOCS_CODE_HASH__: string | undefined;

let fromSource: Promise<string> | undefined;

export function codeHash(): Promise<string> {
  if (typeof __PAYDOCS_CODE_HASH__ === 'string') return Promise.resolve(__PAYDOCS_CODE_HASH__);
  fromSource ??= (async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      ...cliBundleOptions(PROJECT_ROOT, path.join(PROJECT_ROOT, 'node_modules/.cache/paydocs/unused'), {
        dependencies: 'external',
      }),
      write: false,
      metafile: true,
    });
    return inputsHash(PROJECT_ROOT, metafileInputs(result.metafile!));
  })();
  return fromSource;
}
