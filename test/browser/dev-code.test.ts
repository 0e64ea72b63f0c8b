/**
 * `paydocs dev` takes code changes without a restart: a reader component edit
 * reaches both the prerendered HTML and the hydrated page, and a schema edit
 * re-validates the content with the new schema. The real CLI runs in a copy of the
 * project, so the test can edit reader/ and schema/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { launchChromium } from '../helpers.ts';
import { projectCopy } from '../project-copy.ts';

let project: Awaited<ReturnType<typeof projectCopy>>;
let dev: ChildProcess;
let url: string;
let output = '';
let browser: Browser;

beforeAll(async () => {
  project = await projectCopy();
  dev = spawn(process.execPath, [path.join(project.root, 'bin/paydocs.js'), 'dev', '--port', '0'], {
    cwd: project.root,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  dev.stdout!.on('data', (c) => (output += c));
  dev.stderr!.on('data', (c) => (output += c));
  url = await until(() => /paydocs dev → (http:\/\/\S+)/.exec(output)?.[1], 'the dev server to start');
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  dev?.kill();
  await project?.cleanup();
});

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}\n${output}`);
}

describe('paydocs dev, code changes', () => {
  it('a reader component edit shows in the served HTML and the open page, without a restart', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await project.edit(
      'reader/shell/chrome.tsx',
      'className="footer-copyright"',
      'className="footer-copyright edited-by-test"',
    );
    // The open page reloads with the new client bundle…
    await page.waitForSelector('footer .edited-by-test', { timeout: 120_000 });
    // …and the server's own render (prerendered HTML) uses the new component too.
    await until(
      async () => (await (await fetch(`${url}/introduction`)).text()).includes('footer-copyright edited-by-test'),
      'the served HTML to change',
    );
    await context.close();
  }, 180_000);

  it('a schema edit re-validates the content with the new schema', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/introduction`);
    await project.edit(
      'schema/site-config.ts',
      'title: z.string().min(1).meta(',
      'title: z.string().min(1).max(3).meta(',
    );
    await page.waitForSelector('#paydocs-error-overlay', { timeout: 120_000 });
    await expect(page.locator('#paydocs-error-overlay pre').textContent()).resolves.toMatch(/content\/site\.yaml:\d+/);
    await project.edit(
      'schema/site-config.ts',
      'title: z.string().min(1).max(3).meta(',
      'title: z.string().min(1).meta(',
    );
    await until(
      async () => (await fetch(`${url}/introduction`)).status === 200 && !output.endsWith('error'),
      'the server to recover',
    );
    await until(async () => (await page.locator('#paydocs-error-overlay').count()) === 0, 'the overlay to go');
    await context.close();
  }, 180_000);
});
