/**
 * The code hashes the stage memos key on.
 * - `codeHash`: everything the build's code can change, taken from what the pipeline bundle
 *   really contains (esbuild's metafile inputs: pipeline/, schema/, reader/ as imported,
 *   recursively) plus package-lock.json and the Node version. bin/paydocs.js computes it when
 *   it bundles the CLI and bakes it in; from source (vitest, tsx) the same esbuild pass runs
 *   here without writing, once per process. The disk memo of `paydocs build` keys on it.
 * - `modelCodeHash`: only the code the site model and its search index are made with
 *   (model.ts and search-step.ts, as imported: no reader/). The dev server's memo holds
 *   nothing else, so it keys on this one: a save in reader/ keeps every compiled page.
 */
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { PROJECT_ROOT } from '../paths.ts';
import { cliBundleOptions, inputsHash, metafileInputs } from './cli-bundle.mjs';

declare const __PAYDOCS_CODE_HASH__: string | undefined;

let fromSource: Promise<string> | undefined;

export function codeHash(): Promise<string> {
  if (typeof __PAYDOCS_CODE_HASH__ === 'string') return Promise.resolve(__PAYDOCS_CODE_HASH__);
  fromSource ??= scan().then((metafile) => inputsHash(PROJECT_ROOT, metafileInputs(metafile)));
  return fromSource;
}

/** The files the model steps are made of (project-relative). */
export const MODEL_ENTRIES = ['pipeline/model.ts', 'pipeline/search/search-step.ts'];

/** The hash of the model steps' code: from a metafile of a bundle that includes them, or a scan of the sources now. */
export async function modelCodeHash(metafile?: Metafile): Promise<string> {
  const graph = metafile ?? (await scan(MODEL_ENTRIES));
  return inputsHash(PROJECT_ROOT, metafileInputs({ inputs: reachable(graph, MODEL_ENTRIES), outputs: {} }));
}

/** The inputs `entries` import, statically or not, recursively. */
function reachable(metafile: Metafile, entries: string[]): Metafile['inputs'] {
  const inputs: Metafile['inputs'] = {};
  const visit = (file: string) => {
    const input = metafile.inputs[file];
    if (!input || inputs[file]) return;
    inputs[file] = input;
    for (const i of input.imports) if (!i.external) visit(i.path);
  };
  for (const entry of entries) visit(entry);
  return inputs;
}

async function scan(entries?: string[]): Promise<Metafile> {
  const esbuild = await import('esbuild');
  const options = cliBundleOptions(PROJECT_ROOT, path.join(PROJECT_ROOT, 'node_modules/.cache/paydocs/unused'), {
    dependencies: 'external',
  });
  const result = await esbuild.build({
    ...options,
    ...(entries ? { entryPoints: entries.map((e) => path.join(PROJECT_ROOT, e)) } : {}),
    write: false,
    metafile: true,
  });
  return result.metafile!;
}
