// The CLI bundle's esbuild options and the code hash, shared by bin/paydocs.js
// (plain JavaScript, which runs before anything is bundled) and the pipeline
// (code-hash.ts, which computes the same hash when it runs from source).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** esbuild options of the pipeline bundle: the CLI and the worker thread, for Node, dependencies external. */
export function cliBundleOptions(root, outdir) {
  return {
    entryPoints: { cli: path.join(root, 'pipeline/cli.ts'), worker: path.join(root, 'pipeline/workers/worker.ts') },
    absWorkingDir: root, outdir, bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20',
    packages: 'external', jsx: 'automatic', tsconfig: path.join(root, 'tsconfig.json'), logLevel: 'silent',
    loader: { '.css': 'empty' },
  };
}

/** Source files an esbuild metafile lists as inputs (root-relative; virtual modules left out). */
export function metafileInputs(metafile) {
  return Object.keys(metafile.inputs).filter((f) => !/^[\w-]+:|^<|^\(/.test(f)).sort();
}

/**
 * The code hash: the contents of every input file, package-lock.json (the
 * dependencies, which stay external) and the Node version. A file that is gone
 * hashes as gone, so the hash still changes.
 */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256').update(process.version);
  for (const rel of [...inputs, 'package-lock.json']) {
    let bytes;
    try { bytes = readFileSync(path.join(root, rel)); } catch { bytes = '\0gone'; }
    hash.update(rel).update('\0').update(bytes).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
