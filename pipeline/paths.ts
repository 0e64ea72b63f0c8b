/**
 * Where the project's own files are. Source files run from their place (tsx, vitest)
 * or from the CLI's prebuilt bundle in node_modules/.cache (bin/paydocs.js), where
 * `import.meta.url` points into the cache: the bundle defines the two constants below.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __PAYDOCS_ROOT__: string | undefined;
declare const __PAYDOCS_BUNDLE_DIR__: string | undefined;

/** The paydocs project folder (with package.json, reader/, pipeline/). */
export const PROJECT_ROOT: string =
  typeof __PAYDOCS_ROOT__ === 'string'
    ? __PAYDOCS_ROOT__
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folder of the CLI bundle when running from it, else undefined (running from source). */
export const BUNDLE_DIR: string | undefined =
  typeof __PAYDOCS_BUNDLE_DIR__ === 'string' ? __PAYDOCS_BUNDLE_DIR__ : undefined;

export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);

/** Whether `child` is `parent` or lies under it (both absolute, resolved). */
export const isWithin = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
