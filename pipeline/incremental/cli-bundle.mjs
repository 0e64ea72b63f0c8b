// The CLI bundle's esbuild options and the code hash, shared by bin/paydocs.js
// (plain JavaScript, which runs before anything is bundled) and the pipeline
// (code-hash.ts, which computes the same hash when it runs from source).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Packages the CLI bundle leaves external: esbuild (a native binary it drives), D2
 * (reads its WebAssembly beside its own module), piscina (starts its worker script by
 * path), chokidar (optional native watchers), tsx (the from-source fallback).
 */
const RUNTIME_EXTERNAL = ['esbuild', '@terrastruct/d2', 'piscina', 'chokidar', 'tsx', 'tsx/*'];

/**
 * esbuild options of the pipeline bundle: the CLI and the worker thread, for Node.
 * `dependencies: 'bundled'` (the CLI) puts the packages in the bundle too: resolving
 * ~300 package modules one by one was most of a one-page-changed build's fixed cost
 * (measured: bench/HISTORY.md, CLI bundle). CommonJS packages in an ES module bundle
 * need a real `require` for Node's built-ins, hence the banner. `'external'` (the dev
 * server's fresh engines, which import into a process that has loaded the packages
 * already; the code-hash scan) leaves every package to Node.
 */
export function cliBundleOptions(root, outdir, { dependencies = 'bundled' } = {}) {
  const packages =
    dependencies === 'bundled'
      ? {
          external: RUNTIME_EXTERNAL,
          banner: {
            js:
              'import { createRequire as __paydocsRequire } from ' +
              "'node:module'; const require = __paydocsRequire(import.meta.url);",
          },
        }
      : { packages: 'external' };
  return {
    entryPoints: { cli: path.join(root, 'pipeline/cli.ts'), worker: path.join(root, 'pipeline/workers/worker.ts') },
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    ...packages,
    jsx: 'automatic',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'silent',
    loader: { '.css': 'empty' },
  };
}

/**
 * Source files an esbuild metafile lists as inputs (root-relative; virtual modules and
 * packages left out: package-lock.json stands for the packages, so the hash is the same
 * whether they are bundled or not, and a run does not read them all to check it).
 */
export function metafileInputs(metafile) {
  return Object.keys(metafile.inputs)
    .filter((f) => !/^[\w-]+:|^<|^\(|(^|\/)node_modules\//.test(f))
    .sort();
}

/**
 * The code hash: the contents of every input file, package-lock.json (the
 * dependencies), the patches applied to them on install (patches/, patch-package),
 * this file (the CLI bundle's esbuild options: changed options make a new bundle)
 * and the Node version. A file that is gone hashes as gone, so the hash still changes.
 */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256').update(process.version);
  let patches = [];
  try {
    patches = readdirSync(path.join(root, 'patches'))
      .sort()
      .map((f) => `patches/${f}`);
  } catch {
    /* none */
  }
  for (const rel of [...inputs, 'pipeline/incremental/cli-bundle.mjs', 'package-lock.json', ...patches]) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, rel));
    } catch {
      bytes = '\0gone';
    }
    hash.update(rel).update('\0').update(bytes).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
