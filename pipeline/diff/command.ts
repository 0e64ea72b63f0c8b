/**
 * `paydocs diff <base> <head>` as the CLI runs it: the report printed in the format asked for,
 * and the exit code — 1 for an undeclared breaking change, 2 for bad input (named, in a line).
 */
import path from 'node:path';
import pc from 'picocolors';
import { type CommandIo, printFailure } from '../command-failures.ts';
import { BuildError, formatDiagnostics } from '../diagnostics.ts';
import { diffBuilds, diffExitCode } from './diff.ts';
import { type DiffFormat, formatDiff } from './format.ts';
import { DiffInputError } from './read-build.ts';

export async function diffCommand(
  base: string,
  head: string,
  format: DiffFormat,
  root: string,
  io: CommandIo,
): Promise<number> {
  // A ref's content is built with this code, its stage memo shared with this project's builds.
  const { build } = await import('../build.ts');
  const buildRef = async (site: string, outDir: string) =>
    build({ root: site, outDir, cacheDir: path.join(root, 'node_modules/.cache/paydocs/stages'), log: () => {} });
  try {
    const report = await diffBuilds(base, head, { cwd: root, build: buildRef, log: io.err });
    io.out(formatDiff(report, format, format === 'pretty' && process.stdout.isTTY));
    return diffExitCode(report);
  } catch (error) {
    if (error instanceof DiffInputError) {
      io.err(`${pc.red('error')} ${error.message}\n  ${pc.dim('→')} ${error.fix}`);
      return 2;
    }
    if (error instanceof BuildError) {
      io.err(formatDiagnostics(error.diagnostics, process.stderr.isTTY));
      io.err(`${pc.red('error')} a git ref given to diff does not build: fix its content, or compare built folders.`);
      return 2;
    }
    printFailure(error, io);
    return 2;
  }
}
