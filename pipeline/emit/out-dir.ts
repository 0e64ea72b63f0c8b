/**
 * The output folder a build may replace. The write stage swaps a fresh folder in and
 * deletes what was there, so a build only ever replaces a missing or empty folder or
 * an earlier paydocs build (marked by BUILD_MARKER) — never the project, a folder
 * holding it, or a folder of someone's files. Checked before the build does anything.
 *
 * It also cleans up after killed builds: their temp folders beside the output are
 * removed, and an output moved aside by a build killed mid-swap is put back.
 */
import { existsSync } from 'node:fs';
import { readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isWithin } from '../paths.ts';
import { BuildError } from '../diagnostics.ts';
import { escapeRegExp } from '../../schema/regexp.ts';
import { MANIFEST_FILE, htmlPath } from '../../schema/dist-layout.ts';

/** Written into every build; its presence is what makes a folder replaceable. */
export const BUILD_MARKER = '.paydocs-build';
export const BUILD_MARKER_TEXT = 'Written by paydocs build: every build replaces this folder as a whole.\n';

/** Entries that say a folder is a project or holds sources, not a build. */
const PROJECT_ENTRIES = ['content', 'package.json', '.git', 'node_modules'];

/** Temp folders of the write stage, beside the output: `.<out>-new-<pid>-<time>`, `.<out>-old-<pid>-<time>`. */
export const tempName = (outDir: string, kind: 'new' | 'old', stamp: string) =>
  path.join(path.dirname(outDir), `.${path.basename(outDir)}-${kind}-${stamp}`);

/** Realpath of a folder that may not exist yet: its nearest existing ancestor resolved, the rest appended. */
async function resolveReal(p: string): Promise<string> {
  const rest: string[] = [];
  let at = path.resolve(p);
  for (;;) {
    try {
      return path.join(await realpath(at), ...rest);
    } catch {
      const up = path.dirname(at);
      if (up === at) return path.resolve(p);
      rest.unshift(path.basename(at));
      at = up;
    }
  }
}

/** Throws BuildError (rule `out-dir`) when `outDir` is not a folder a build may replace. */
export async function checkOutDir(root: string, outDir: string): Promise<void> {
  const realRoot = await resolveReal(root);
  const out = await resolveReal(outDir);
  const shown = path.relative(realRoot, out) || '.';
  const fail = (expected: string, found: string, hint: string): never => {
    throw new BuildError([
      { file: shown, field: '--out', message: `Expected ${expected}, found ${found}.`, hint, rule: 'out-dir' },
    ]);
  };
  const hint = 'Build into a folder of its own, e.g. the default `dist` (every build deletes what the folder held).';
  if (isWithin(realRoot, out))
    fail(
      'an output folder of its own',
      out === realRoot ? 'the project root' : `a folder that contains the project (${out})`,
      hint,
    );
  if (isWithin(out, path.join(realRoot, 'content')))
    fail('an output folder outside content/', `${shown}, inside the sources`, hint);
  const info = await stat(out).catch(() => undefined);
  if (!info) return;
  if (!info.isDirectory()) fail('a folder', 'a file', hint);
  const entries = await readdir(out);
  if (!entries.length || entries.includes(BUILD_MARKER) || isEarlierBuild(out)) return;
  const project = entries.filter((e) => PROJECT_ENTRIES.includes(e));
  if (project.length) fail('an output folder of its own', `a folder holding a project (${project.join(', ')})`, hint);
  const sample = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
  fail(
    `an empty folder or an earlier paydocs build (with ${BUILD_MARKER})`,
    `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} of something else (${sample})`,
    `${hint} To reuse this folder, empty it first.`,
  );
}

/** Builds from before the marker existed: the manifest and home page the build always writes. */
function isEarlierBuild(dir: string): boolean {
  return existsSync(path.join(dir, MANIFEST_FILE)) && existsSync(path.join(dir, htmlPath('/')));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp folders of builds that died (their pid is gone) — never those of a
 * build still running. A build killed between moving the old output aside and
 * renaming the new one in leaves no output at all: the old one is put back.
 */
export async function cleanStaleTemps(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const pattern = new RegExp(`^\\.${escapeRegExp(path.basename(outDir))}-(new|old)-(\\d+)-(\\d+)$`);
  const stale = (await readdir(parent).catch(() => [] as string[]))
    .map((name) => ({ name, m: pattern.exec(name) }))
    .filter((e): e is { name: string; m: RegExpExecArray } => Boolean(e.m) && !alive(Number(e.m![2])))
    .sort((a, b) => Number(b.m[3]) - Number(a.m[3]));
  const movedAside = stale.find((e) => e.m[1] === 'old');
  if (movedAside && !existsSync(outDir)) await rename(path.join(parent, movedAside.name), outDir);
  await Promise.all(
    stale
      .filter((e) => e !== movedAside || existsSync(path.join(parent, e.name)))
      .map((e) => rm(path.join(parent, e.name), { recursive: true, force: true })),
  );
}

/** The build's first step: refuse an output folder it must not replace, then clean up after killed builds. */
export async function prepareOutDir(root: string, outDir: string): Promise<void> {
  await checkOutDir(root, outDir);
  await cleanStaleTemps(path.resolve(outDir));
}
