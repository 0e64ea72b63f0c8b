/**
 * The paydocs CLI: build, check, diff, host, serve, dev, mcp. Unknown commands and flags print the
 * usage and exit 2. Returns the exit code instead of exiting, so tests can call it. The one
 * place under pipeline/ that reads environment variables: the commands are given what they need.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import path from 'node:path';
import pc from 'picocolors';
import { cannotListen, type CommandIo, printFailure, report } from './command-failures.ts';
import { jsonReport, PROBLEM_FORMATS, type ProblemFormat } from './problem-formats.ts';
import type { BuildStats } from './build-stats.ts';
import { projectVersion } from './sources/packages.ts';
import { DIFF_FORMATS, type DiffFormat } from './diff/format.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The environment variables a build reads, here and nowhere else under pipeline/:
 * PAYDOCS_THREADS (worker threads; 0: none, for tests that need one thread) and
 * PAYDOCS_MEMORY=1 (each step's line shows the memory in use).
 */
function buildEnvironment(env: NodeJS.ProcessEnv): { threads?: number; memoryLog: boolean } {
  const threads = Number(env.PAYDOCS_THREADS ?? NaN);
  return { threads: Number.isNaN(threads) ? undefined : threads, memoryLog: Boolean(env.PAYDOCS_MEMORY) };
}

const formatOption = () =>
  new Option(
    '--format <format>',
    'how problems are printed: pretty (this terminal), json (one document on stdout), ' +
      'github (GitHub Actions annotations, and pretty)',
  )
    .choices(PROBLEM_FORMATS)
    .default('pretty');

function parsePort(value: string): number {
  const n = Number(value);
  // InvalidArgumentError: commander prints it (with the usage hint) before exiting 2.
  if (!value.trim() || !Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError(`Expected a port number from 0 to 65535, found "${value}".`);
  return n;
}

export async function main(
  argv: string[],
  output = { out: (s: string) => console.log(s), err: (s: string) => console.error(s) },
): Promise<number> {
  // PAYDOCS_DEBUG=1: a paydocs bug is printed with its stack.
  const run: Run = {
    root: process.cwd(),
    io: { ...output, debug: Boolean(process.env.PAYDOCS_DEBUG) },
    code: 0,
    keepAlive: false,
  };
  const { io } = run;
  const program = new Command('paydocs')
    .description('Build, check and serve the paydocs documentation site.')
    .version(projectVersion(), '-v, --version', 'print the paydocs version')
    .exitOverride()
    .showHelpAfterError('(run "paydocs --help" for usage)')
    // Commander ends what it writes with a line break, and io's print adds one.
    .configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) });
  // In the order `paydocs --help` lists them.
  addBuildCommands(program, run);
  addDiffCommand(program, run);
  addHostCommands(program, run);
  addServerCommands(program, run);
  addMcpCommand(program, run);

  if (!argv.length) {
    io.err(program.helpInformation().trimEnd());
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return 0;
      return 2;
    }
    // Whatever a command let through (a server that could not listen for a reason cannotListen does not name):
    // a line, not a stack.
    printFailure(error, io);
    return 1;
  }
  if (run.keepAlive) await new Promise(() => {});
  return run.code;
}

/** What the commands' actions share: the project, where they speak, and how the run ends. */
interface Run {
  root: string;
  io: CommandIo;
  /** The exit code. */
  code: number;
  /** A server listens: the process lives on once the command has returned. */
  keepAlive: boolean;
}

/** `build` and `check`. */
function addBuildCommands(program: Command, run: Run): void {
  const { root, io } = run;
  program
    .command('build')
    .description('Compile content/ into a static site in dist/ (atomically).')
    .option('--out <dir>', 'output folder', 'dist')
    .addOption(formatOption())
    .action(async (opts: { out: string; format: ProblemFormat }) => {
      // With --format json, stdout holds the document alone: the progress goes to stderr.
      const say = opts.format === 'json' ? io.err : io.out;
      say(pc.bold('paydocs build'));
      try {
        // Loaded by the commands that build: the whole pipeline costs every other command's start (mcp, serve) ~0.1 s.
        const { build } = await import('./build.ts');
        const stats = await build({ root, outDir: opts.out, log: say, ...buildEnvironment(process.env) });
        say(buildSummary(stats, path.relative(root, path.resolve(root, opts.out)) || '.'));
        if (opts.format === 'json') io.out(jsonReport({ pages: stats.pages }));
      } catch (error) {
        run.code = report(error, io, opts.format);
      }
    });

  program
    .command('check')
    .description('Validate every frontmatter, data file and internal link; write nothing (for CI).')
    .addOption(formatOption())
    .action(async (opts: { format: ProblemFormat }) => {
      const { createPool } = await import('./workers/pool.ts');
      const { buildSite } = await import('./build.ts');
      const pool = createPool();
      try {
        const built = await buildSite({ root, pool });
        if (opts.format === 'json') io.out(jsonReport({ pages: built.pages.length }));
        else io.out(`${pc.green('✓')} ${built.pages.length} pages, frontmatter, data files and links are valid.`);
      } catch (error) {
        run.code = report(error, io, opts.format, 'Check failed.');
      } finally {
        await pool.close();
      }
    });
}

function addDiffCommand(program: Command, run: Run): void {
  const { root, io } = run;
  program
    .command('diff')
    .description(
      'Compare two builds (dist/ folders or git refs): API changes, breaking or not and declared or not, ' +
        'pages moved or gone.',
    )
    .argument('<base>', 'the build before: a dist/ folder, or a git ref to build')
    .argument('<head>', 'the build after: a dist/ folder, or a git ref to build')
    .addOption(
      new Option(
        '--format <format>',
        'pretty (this terminal), json (one document on stdout), github (annotations, and pretty), ' +
          'markdown (a pull-request comment)',
      )
        .choices(DIFF_FORMATS)
        .default('pretty'),
    )
    .action(async (base: string, head: string, opts: { format: DiffFormat }) => {
      const { diffCommand } = await import('./diff/command.ts');
      run.code = await diffCommand(base, head, opts.format, root, io);
    });
}

/** `host nginx` and `host caddy`. */
function addHostCommands(program: Command, run: Run): void {
  const { root, io } = run;
  const host = program
    .command('host')
    .description('Print a web server configuration that serves a built site as "paydocs serve" does.');
  const configs = {
    nginx: {
      description: 'A complete nginx.conf; run it with: nginx -p <prefix> -c <file>',
      print: async () => (await import('./host/nginx.ts')).nginxConfig,
    },
    caddy: {
      description: 'A complete Caddyfile; run it with: caddy run --adapter caddyfile --config <file>',
      print: async () => (await import('./host/caddy.ts')).caddyConfig,
    },
  };
  for (const [name, { description, print }] of Object.entries(configs)) {
    host
      .command(name)
      .description(description)
      .option('--root <dir>', 'the built site', 'dist')
      .option('--port <port>', 'port', parsePort, 8080)
      .option('--host <host>', 'interface to listen on; 0.0.0.0 for all', '127.0.0.1')
      .action(async (opts: { root: string; port: number; host: string }) => {
        io.out((await print())({ root: path.resolve(root, opts.root), port: opts.port, host: opts.host }));
      });
  }
}

/** `serve` and `dev`. */
function addServerCommands(program: Command, run: Run): void {
  const { root, io } = run;
  program
    .command('serve')
    .description('Serve a built site as a static host would.')
    .argument('[dir]', 'folder to serve', 'dist')
    .option('--port <port>', 'port', parsePort, 3000)
    .option('--host <host>', 'interface to bind; 0.0.0.0 for all', '127.0.0.1')
    .action(async (dir: string, opts: { port: number; host: string }) => {
      const { startStaticServer } = await import('./server/static.ts');
      const { existsSync } = await import('node:fs');
      const target = path.resolve(root, dir);
      if (!existsSync(path.join(target, 'index.html'))) {
        io.err(`${pc.red('error')} ${dir}/index.html not found: run "paydocs build" first.`);
        run.code = 1;
        return;
      }
      const server = await startStaticServer(target, opts).catch((error: unknown) => {
        run.code = cannotListen(error, opts, io);
      });
      if (!server) return;
      const port = (server.address() as { port: number }).port;
      const { serverUrl } = await import('./server/hosting.ts');
      io.out(`Serving ${path.relative(root, target) || '.'} at ${serverUrl(opts.host, port)}`);
      run.keepAlive = true;
    });

  program
    .command('dev')
    .description('Build, serve and rebuild on change, with live reload.')
    .option('--port <port>', 'port', parsePort, 3000)
    .option('--host <host>', 'interface to bind; 0.0.0.0 for all', '127.0.0.1')
    .action(async (opts: { port: number; host: string }) => {
      const { startDevServer } = await import('./server/dev.ts');
      // The address first: the first build takes seconds, and pages asked for meanwhile wait for it.
      const onListening = (url: string) =>
        io.out(
          `\n  ${pc.bold('paydocs dev')} → ${pc.cyan(url)}  (watching content/, schema/, reader/)\n` +
            `  ${pc.dim('building the site; pages open when it is done…')}\n`,
        );
      const dev = await startDevServer(root, { ...opts, log: io.out, onListening }).catch((error: unknown) => {
        run.code = cannotListen(error, opts, io);
      });
      if (!dev) return;
      run.keepAlive = true;
    });
}

function addMcpCommand(program: Command, run: Run): void {
  const { root, io } = run;
  program
    .command('mcp')
    .description(
      'Serve the built site to AI assistants over the Model Context Protocol: stdio, ' +
        'or Streamable HTTP at /mcp with --http.',
    )
    .option('--dist <dir>', 'the built site (built first when missing)', 'dist')
    .option('--build', 'build the site first even when the folder exists')
    .option('--http', 'serve Streamable HTTP instead of stdio')
    .option('--port <port>', 'port for --http', parsePort, 3100)
    .option('--host <host>', 'interface for --http; 0.0.0.0 for all', '127.0.0.1')
    .action(async (opts: { dist: string; build?: boolean; http?: boolean; port: number; host: string }) => {
      const { mcpCommand } = await import('./mcp/command.ts');
      // The signing tools' key: read here, passed in, never printed.
      const options = { root, ...opts, secretKey: process.env.PAYDOCS_SECRET_KEY, version: projectVersion() };
      Object.assign(run, await mcpCommand(options, io));
    });
}

/** The last lines of a build: pages, time and folder; the reader's weight; what was made again. */
function buildSummary(stats: BuildStats, out: string): string {
  return (
    `\n${pc.green('✓')} ${stats.pages} pages in ${(stats.ms / 1000).toFixed(2)} s → ${out}/` +
    `\n  initial JS ${kb(stats.initialJsGzip)} gzip · CSS ${kb(stats.cssGzip)} gzip · ` +
    `page JSON ${kb(stats.pageJsonBytes)} total` +
    `\n  ${stats.compiled} compiled · ${stats.rendered} rendered · ${stats.shardsRebuilt} shards rebuilt · ` +
    `${stats.fromCache} from cache${stats.upToDate ? ` · ${out}/ already up to date` : ''}`
  );
}
