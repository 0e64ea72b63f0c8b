/**
 * vitest's globalSetup (vitest.config.ts): the builds test files share, each made at most once a run,
 * and only if a test asks for it. It serves them on a loopback port (`inject('sharedBuilds')`): a test
 * file's GET /real or /fixture waits for that build (test/shared/build-driver.ts, in a process of its
 * own) and gets its folders as JSON (test/shared/builds.ts); a build that fails answers 500 with its
 * diagnostics, to every file that asks. The folders are removed when the run ends. In watch mode a
 * rerun builds again at the next question (the content or the code may have changed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { SharedBuild, SharedBuildKind } from './builds.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const driver = path.join(projectRoot, 'test/shared/build-driver.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const KINDS: readonly string[] = ['real', 'fixture'] satisfies SharedBuildKind[];

type Answer = { status: 200; build: SharedBuild } | { status: 500; error: string };

export default async function setup(project: TestProject) {
  const temp = await mkdtemp(path.join(tmpdir(), 'paydocs-shared-'));
  const running = new Set<ChildProcess>();
  let builds = new Map<string, Promise<Answer>>();
  let round = 0;

  async function buildOnce(kind: string): Promise<Answer> {
    const dir = path.join(temp, `${kind}-${round}`);
    await mkdir(dir, { recursive: true });
    const child = spawn(process.execPath, ['--import', tsx, driver, kind, dir], {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      // tsx applies the project's tsconfig (JSX) to every file only when it is named.
      env: { ...process.env, NO_COLOR: '1', TSX_TSCONFIG_PATH: path.join(projectRoot, 'tsconfig.json') },
    });
    running.add(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const code = await new Promise<number | null>((resolve) => {
      child.on('error', (error) => {
        stderr += String(error);
        resolve(null);
      });
      child.on('close', resolve);
    });
    running.delete(child);
    if (code !== 0) return { status: 500, error: `The shared ${kind} build failed (exit ${code}):\n${stderr}` };
    const root = kind === 'real' ? projectRoot : dir;
    const build: SharedBuild = { root, dist: path.join(kind === 'real' ? dir : root, 'dist') };
    if (kind === 'real') build.stages = path.join(dir, 'stages');
    return { status: 200, build };
  }

  const server = http.createServer(async (req, res) => {
    const kind = (req.url ?? '').slice(1);
    if (!KINDS.includes(kind)) {
      res.writeHead(404).end(`No shared build at ${req.url}: ${KINDS.join(' or ')}.`);
      return;
    }
    let answer = builds.get(kind);
    if (!answer) builds.set(kind, (answer = buildOnce(kind)));
    const a = await answer;
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a));
  });
  // A test file waits as long as the build takes: no timeout on its connection.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('sharedBuilds', `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  project.onTestsRerun(() => {
    builds = new Map();
    round++;
  });

  return async () => {
    server.close();
    for (const child of running) child.kill('SIGKILL');
    await rm(temp, { recursive: true, force: true });
  };
}
