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

/** The site title's schema, as the formatter writes it (one call a line). */
const TITLE_SCHEMA = 'title: z\n      .string()\n      .min(1)\n';

describe('paydocs dev, code changes', () => {
  it('a reader component edit shows in the served HTML and open page at once, compiling no page again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const before = output.length;
    // Text after the footer's copyright, as a reader developer would add it.
    await project.edit(
      'reader/shell/chrome.tsx',
      '{manifest.site.footer.copyright}</p>',
      '{manifest.site.footer.copyright} Edited by the test.</p>',
    );
    // The open page reloads with the new client bundle…
    await page.waitForFunction(
      () => document.querySelector('footer .footer-copyright')?.textContent?.includes('Edited by the test.'),
      undefined,
      { timeout: 120_000 },
    );
    // …and the server's own render (prerendered HTML) uses the new component too.
    const html = await (await fetch(`${url}/introduction`)).text();
    expect(html).toMatch(/footer-copyright">[^/]*Edited by the test\./);
    // The site model's code did not change: the session kept every compiled page.
    await until(() => output.slice(before).includes('code reloaded'), 'the code reload to be reported');
    expect(output.slice(before)).not.toMatch(/built \d+ pages/);
    await context.close();
  }, 180_000);

  it('a schema edit re-validates the content with the new schema', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/introduction`);
    await project.edit('schema/site-config.ts', TITLE_SCHEMA, TITLE_SCHEMA.replace('.min(1)', '.min(1).max(3)'));
    await page.waitForSelector('#paydocs-error-overlay', { timeout: 120_000 });
    await expect(page.locator('#paydocs-error-overlay pre').textContent()).resolves.toMatch(/content\/site\.yaml:\d+/);
    await project.edit('schema/site-config.ts', TITLE_SCHEMA.replace('.min(1)', '.min(1).max(3)'), TITLE_SCHEMA);
    await until(
      async () => (await fetch(`${url}/introduction`)).status === 200 && !output.endsWith('error'),
      'the server to recover',
    );
    await until(async () => (await page.locator('#paydocs-error-overlay').count()) === 0, 'the overlay to go');
    await context.close();
  }, 180_000);
});
