/**
 * vitest's globalSetup (vitest.config.ts): what test files share, each made at most once a run and only
 * if a test asks for it (or from the start: the builds PAYDOCS_TEST_PREBUILD names, `real,fixture`, as
 * `npm test` names them for the whole suite). It serves them on a loopback port (`inject('sharedBuilds')`,
 * read through test/shared/builds.ts):
 * - GET /real, /fixture: waits for that build (test/shared/build-driver.ts, in a process of its own, so
 *   vitest's process stays free) and answers its folders; a build that fails answers 500 with its
 *   diagnostics, to every file that asks. The folders are removed when the run ends.
 * - GET /chromium: the address of one Chromium (Playwright's browser server) every browser test file
 *   connects to instead of launching its own; each file's contexts are its own, and closing its
 *   connection closes them. A Chromium that went away is launched again at the next question.
 * In watch mode a rerun builds again at the next question (the content or the code may have changed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers.ts';
import type { SharedBuild } from './builds.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const driver = path.join(projectRoot, 'test/shared/build-driver.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type Answer =
  | { status: 200; build: SharedBuild }
  | { status: 200; wsEndpoint: string }
  | { status: 500; error: string };

export default async function setup(project: TestProject) {
  const temp = await mkdtemp(path.join(tmpdir(), 'paydocs-shared-'));
  const running = new Set<ChildProcess>();
  let builds = new Map<string, Promise<Answer>>();
  let round = 0;
  let browser: Promise<BrowserServer> | undefined;

  async function buildOnce(kind: 'real' | 'fixture'): Promise<Answer> {
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
    if (kind === 'real') {
      return {
        status: 200,
        build: { root: projectRoot, dist: path.join(dir, 'dist'), stages: path.join(dir, 'stages') },
      };
    }
    return { status: 200, build: { root: dir, dist: path.join(dir, 'dist') } };
  }

  const build = (kind: 'real' | 'fixture') => {
    let answer = builds.get(kind);
    if (!answer) {
      answer = buildOnce(kind).catch((error): Answer => ({ status: 500, error: `The shared ${kind} build: ${error}` }));
      builds.set(kind, answer);
    }
    return answer;
  };

  async function chromium(): Promise<Answer> {
    browser ??= import('playwright-core').then(async ({ chromium }) => {
      const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
      server.on('close', () => {
        browser = undefined;
      });
      return server;
    });
    try {
      return { status: 200, wsEndpoint: (await browser).wsEndpoint() };
    } catch (error) {
      browser = undefined;
      return { status: 500, error: `Chromium did not start: ${(error as Error).message}` };
    }
  }

  const server = http.createServer(async (req, res) => {
    const what = req.url?.slice(1);
    const answer =
      what === 'real' || what === 'fixture' ? await build(what) : what === 'chromium' ? await chromium() : undefined;
    if (!answer) res.writeHead(404).end(`Nothing shared at ${req.url}: /real, /fixture or /chromium.`);
    else res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  // A test file waits as long as a build takes: no timeout on its connection.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('sharedBuilds', `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  project.onTestsRerun(() => {
    builds = new Map();
    round++;
  });
  // Builds the run will need (npm test names them for the whole suite) start now, beside the first test files.
  for (const kind of process.env.PAYDOCS_TEST_PREBUILD?.split(',') ?? [])
    if (kind === 'real' || kind === 'fixture') void build(kind);

  return async () => {
    server.close();
    for (const child of running) child.kill('SIGKILL');
    await (await browser?.catch(() => undefined))?.close();
    await rm(temp, { recursive: true, force: true });
  };
}
