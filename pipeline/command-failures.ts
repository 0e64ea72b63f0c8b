/**
 * How a CLI command ends when it fails: what it prints (content problems in the format asked
 * for, anything else in a line, failures.ts) and the exit code it returns. Shared by cli.ts
 * and the commands that live next to their code (diff/command.ts, mcp/command.ts).
 */
import pc from 'picocolors';
import { BuildError, formatDiagnostics } from './diagnostics.ts';
import { describeFailure } from './failures.ts';
import { githubAnnotations, jsonReport, type ProblemFormat } from './problem-formats.ts';

/** Where a command speaks: stdout, stderr, and whether a paydocs bug shows its stack (cli.ts reads PAYDOCS_DEBUG). */
export interface CommandIo {
  out: (s: string) => void;
  err: (s: string) => void;
  debug: boolean;
}

/**
 * A server that could not listen: why, in a line (any other error goes on to `main`, which
 * says it in a line too).
 */
export function cannotListen(
  error: unknown,
  { host, port }: { host: string; port: number },
  io: { err: (s: string) => void },
): number {
  const anyAddress = 'use --host 127.0.0.1 (this machine) or 0.0.0.0 (every interface).';
  const problems: Record<string, string> = {
    EADDRINUSE: `port ${port} on ${host} is in use: stop what listens there, or choose another with --port.`,
    EACCES:
      `not allowed to listen on port ${port} of ${host} (ports below 1024 need privileges): ` +
      'choose another with --port.',
    EADDRNOTAVAIL: `${host} is not an address of this machine: ${anyAddress}`,
    ENOTFOUND: `${host} is not a name this machine can resolve: ${anyAddress}`,
  };
  const problem = problems[(error as NodeJS.ErrnoException).code ?? ''];
  if (!problem) throw error;
  io.err(`${pc.red('error')} ${problem}`);
  return 1;
}

/** A failed build or check, reported in `format`; `failed`: the last line, what the failure left as it was. */
export function report(
  error: unknown,
  io: CommandIo,
  format: ProblemFormat,
  failed = 'Build failed; the previous dist/ is untouched.',
): number {
  const problems = error instanceof BuildError ? error.diagnostics : undefined;
  if (format === 'json') io.out(jsonReport(problems ? { problems } : { failure: failureOf(error, io.debug) }));
  else if (problems) {
    if (format === 'github') io.out(githubAnnotations(problems));
    io.err(formatDiagnostics(problems, process.stderr.isTTY));
  } else printFailure(error, io);
  io.err(pc.red(failed));
  return 1;
}

/** A failure that is not the content's, in a line. A worker thread that died: its name and task say it all. */
function failureOf(error: unknown, debug: boolean): { line: string; hint: string } {
  if ((error as Error).name === 'WorkerExitError') return { line: (error as Error).message, hint: '' };
  return describeFailure(error, process.cwd(), { debug });
}

/** An error that is not the content's, in words (failures.ts). */
export function printFailure(error: unknown, io: Pick<CommandIo, 'err' | 'debug'>): void {
  const { line, hint } = failureOf(error, io.debug);
  io.err(`${pc.red('error')} ${line}${hint ? `\n  ${pc.dim('→')} ${hint}` : ''}`);
}
