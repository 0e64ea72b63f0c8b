/** Test helpers: fixture sites copied into temp folders, built through the real pipeline. */
import { cp, mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fixtureRoot = path.join(projectRoot, 'test/fixtures/site');

/** Every page body (no frontmatter) of the site at `root`, with its file: what the parser tests compare on. */
export async function pageBodies(root: string): Promise<{ file: string; body: string }[]> {
  const { loadContent } = await import('../pipeline/content/load.ts');
  const { splitFrontmatter } = await import('../pipeline/content/frontmatter.ts');
  return (await loadContent(root)).pages.map((p) => ({ file: p.relFile, body: splitFrontmatter(p.text).body }));
}

/** A fresh copy of the fixture site; `edit` changes files (relative to the copy) before use. */
export async function fixtureCopy(
  edit: Record<string, string | null> = {},
): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'paydocs-test-'));
  await cp(path.join(fixtureRoot, 'content'), path.join(root, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(edit)) {
    if (text === null) await rm(path.join(root, file), { force: true });
    else {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  }
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * The fixture site as built once for the whole run through the real pipeline (no cache, no threads;
 * test/shared/): read it, never write to it. `cleanup` leaves it to the run. A test that edits the
 * site builds its own fixtureCopy.
 */
export async function builtFixture(): Promise<{ root: string; dist: string; cleanup: () => Promise<void> }> {
  const { sharedBuild } = await import('./shared/builds.ts');
  const { root, dist } = await sharedBuild('fixture');
  return { root, dist, cleanup: async () => {} };
}

/** The problems `buildSite` finds in a fixture copy with `edit` applied ([] when it builds). */
export async function buildProblems(
  edit: Record<string, string | null>,
): Promise<import('../pipeline/diagnostics.ts').Diagnostic[]> {
  const site = await fixtureCopy(edit);
  const { buildSite } = await import('../pipeline/build.ts');
  const { BuildError } = await import('../pipeline/diagnostics.ts');
  try {
    await buildSite({ root: site.root, cacheDir: false, pool: false });
    return [];
  } catch (error) {
    if (error instanceof BuildError) return error.diagnostics;
    throw error;
  } finally {
    await site.cleanup();
  }
}

/** A page file: `frontmatter` between fences, then `body`. */
export const pageText = (frontmatter: string, body = 'Some text.') => `---\n${frontmatter}\n---\n${body}\n`;

export const read = (root: string, file: string) => readFile(path.join(root, file), 'utf8');

/** Debian's Chromium (browser downloads are blocked here), or CHROMIUM_PATH. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags keep Chromium off the network: this machine refuses outside connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium through playwright-core: a connection to the run's one Chromium (test/shared/), launched
 * once for every browser test file. Its contexts are this file's own; `close()` closes them and the
 * connection, and leaves the browser to the next file.
 */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const { sharedChromium } = await import('./shared/builds.ts');
  const browser = await chromium.connect(await sharedChromium());
  // The built site registers an offline service worker, which would answer requests that
  // tests route (page.route never sees them): contexts block it unless a test allows it
  // (test/browser/offline.test.ts), as Playwright advises for request interception.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/**
 * Build a site folder through the real pipeline and serve its dist as `paydocs serve` does, on a
 * free loopback port.
 */
export async function buildAndServe(root: string): Promise<{ server: import('node:http').Server; base: string }> {
  const { build } = await import('../pipeline/build.ts');
  const { startStaticServer } = await import('../pipeline/server/static.ts');
  await build({ root, cacheDir: false, pool: false });
  const server = await startStaticServer(path.join(root, 'dist'), { port: 0, host: '127.0.0.1' });
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/**
 * The real site (this repository's content/) in memory, as `buildSite` makes it (check, dev), from the
 * run's shared build of it (test/shared/): its stage memo hands back every page compiled, every
 * diagram drawn, so this builds nothing again. A build error fails with every diagnostic listed.
 */
export async function buildProjectSite() {
  const { buildSite } = await import('../pipeline/build.ts');
  const { BuildError, formatDiagnostics } = await import('../pipeline/diagnostics.ts');
  const { sharedBuild } = await import('./shared/builds.ts');
  const { stages } = await sharedBuild('real');
  try {
    return await buildSite({ root: projectRoot, cacheDir: stages, pool: false });
  } catch (error) {
    throw new Error(error instanceof BuildError ? formatDiagnostics(error.diagnostics, false) : String(error));
  }
}
