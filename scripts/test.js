#!/usr/bin/env node
// `npm test`: lint (Biome) and type-check (both tsconfigs), then find Chromium for the browser
// tests (CHROMIUM_PATH, /usr/bin/chromium, or Playwright's own) and nginx and Caddy for the host
// tests, install Debian's packages when it can (root with apt-get), else say exactly what to run;
// then run the whole vitest suite.
import { existsSync } from 'node:fs';
import { execSync, spawn, spawnSync } from 'node:child_process';

async function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean);
  for (const c of candidates) if (existsSync(c)) return c;
  try {
    const { chromium } = await import('playwright-core');
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch {
    /* no Playwright browser */
  }
  return undefined;
}

let chromium = await findChromium();
if (!chromium) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get install -y chromium)…");
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'inherit',
      });
    } catch {
      /* reported below */
    }
    chromium = await findChromium();
  }
  if (!chromium) {
    console.error(
      'The browser tests need Chromium and none was found.\n' +
        '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
        '  or set CHROMIUM_PATH=/path/to/chromium and run npm test again.',
    );
    process.exit(1);
  }
}
process.env.CHROMIUM_PATH = chromium;

// nginx for the host tests (test/host): the same HTTP table runs against paydocs serve and
// real nginx with the config of `paydocs host nginx`. Installed like Chromium when possible;
// otherwise those tests skip with the command to run.
const hasNginx = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p));
const hasBrotli = () => existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
if (
  (!hasNginx() || !hasBrotli()) &&
  process.getuid?.() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
) {
  console.log(
    "Installing Debian's nginx and its brotli_static module for the host " +
      'tests (apt-get install -y nginx libnginx-mod-http-brotli-static)…',
  );
  try {
    execSync(
      '(apt-get install -y -qq nginx libnginx-mod-http-brotli-static || (apt-get update ' +
        '-qq && apt-get install -y -qq nginx libnginx-mod-http-brotli-static)) >/dev/null',
      { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
    );
  } catch {
    /* the host tests say what is missing */
  }
}
if (!hasNginx())
  console.log(
    'nginx not found: the nginx part of the host tests is skipped ' +
      '(sudo apt-get install -y nginx libnginx-mod-http-brotli-static).',
  );
// Caddy likewise (`paydocs host caddy`): Debian's package.
const hasCaddy = () => ['/usr/bin/caddy', '/usr/local/bin/caddy'].some((p) => existsSync(p));
if (
  !hasCaddy() &&
  process.getuid?.() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
) {
  console.log("Installing Debian's caddy for the host tests (apt-get install -y caddy)…");
  try {
    execSync('(apt-get install -y -qq caddy || (apt-get update -qq && apt-get install -y -qq caddy)) >/dev/null', {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    /* the host tests say what is missing */
  }
}
if (!hasCaddy())
  console.log('caddy not found: the Caddy part of the host tests is skipped (sudo apt-get install -y caddy).');
// Lint and type-check first, then the suite whatever they found, so one run reports every problem.
// `npm test -- <vitest args>` (a file filter) runs only the suite.
const failed = [];
const vitestArgs = process.argv.slice(2);
if (vitestArgs.length === 0) {
  for (const [name, args] of [
    ['lint (biome check)', ['node_modules/@biomejs/biome/bin/biome', 'check', '.']],
    ['type-check (reader)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.reader.json']],
    ['type-check (node)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.node.json']],
  ]) {
    console.log(`\n${name}…`);
    const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
    if (run.status !== 0) failed.push(name);
  }
}
console.log(`Browser tests use ${chromium}`);
/** `vitest run args`, its output to `held` (held back) or to this terminal; its exit status. */
const vitest = (args, env, held) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    child.stdout?.on('data', held);
    child.stderr?.on('data', held);
    child.on('close', (code) => resolve(code));
  });
if (vitestArgs.length === 0) {
  // The whole suite: its two projects side by side, each in a vitest of its own. In one vitest the browser
  // project's files, which go one at a time (vitest.config.ts), would wait for the unit project's, and each
  // project leaves a core of a 2-core machine idle. The browser project's report is held, then printed
  // after the unit project's. Both ask for the shared builds (test/shared/global-setup.ts) at the start.
  const held = [];
  const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
  const browser = vitest(
    ['--project', 'browser'],
    { ...process.env, ...color, PAYDOCS_TEST_PREBUILD: 'fixture' },
    (c) => held.push(c),
  );
  const unit = await vitest(['--project', 'unit'], { ...process.env, PAYDOCS_TEST_PREBUILD: 'real,fixture' });
  if (unit !== 0) failed.push('unit tests (vitest --project unit)');
  console.log('\nThe browser project (run beside the unit project):');
  const browserCode = await browser;
  process.stdout.write(Buffer.concat(held));
  if (browserCode !== 0) failed.push('browser tests (vitest --project browser)');
} else if ((await vitest(vitestArgs, process.env)) !== 0) failed.push('tests (vitest)');
if (failed.length) console.error(`\nnpm test failed: ${failed.join(', ')}.`);
process.exit(failed.length ? 1 : 0);
