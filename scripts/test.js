#!/usr/bin/env node
// `npm test`: find Chromium for the browser tests (CHROMIUM_PATH, /usr/bin/chromium, or Playwright's
// own) and nginx and Caddy for the host tests, install Debian's packages when it can (root with
// apt-get), else say exactly what to run; then lint (Biome), type-check (both tsconfigs) and run the
// whole vitest suite, side by side.
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
// Lint, type-check and the suite, whatever each finds, so one run reports every problem; `npm test -- <vitest
// args>` (a file filter) runs only the suite. On a 2-core machine the whole run is three lanes side by side:
// the unit project (two files at a time); the browser project, then the unit files that read no shared build
// (`unit-tail`, vitest.config.ts), so that the two lanes end together; and lint with both type-checks.
// The unit lane prints as it goes; the others' reports are held and printed after it.
const failed = [];
const vitestArgs = process.argv.slice(2);
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
/** `node args` with its output to `held` (held back) or to this terminal; its exit status. */
const run = (args, env, held) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    child.stdout?.on('data', held);
    child.stderr?.on('data', held);
    child.on('close', (code) => resolve(code));
  });
const vitestRun = (args) => ['node_modules/vitest/vitest.mjs', 'run', ...args];
const vitest = (args, env) => run(vitestRun(args), env);

/** The lanes beside the unit project: each holds its report and resolves to it with its failures. */
async function heldLane(title, steps) {
  const held = [];
  const failures = [];
  for (const [name, args, env] of steps) {
    held.push(Buffer.from(`\n${name}…\n`));
    if ((await run(args, env, (c) => held.push(c))) !== 0) failures.push(name);
  }
  return { title, report: Buffer.concat(held), failures };
}

console.log(`Browser tests use ${chromium}`);
if (vitestArgs.length === 0) {
  const env = { ...process.env, ...color };
  const checks = heldLane('Lint and type-check (run beside the tests):', [
    ['lint (biome check)', ['node_modules/@biomejs/biome/bin/biome', 'check', '.'], env],
    ['type-check (reader)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.reader.json'], env],
    ['type-check (node)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.node.json'], env],
  ]);
  // Each vitest asks for the shared builds it needs at the start (test/shared/global-setup.ts).
  const browser = heldLane('The browser project, then unit-tail (run beside the unit project):', [
    ['browser tests', vitestRun(['--project', 'browser']), { ...env, PAYDOCS_TEST_PREBUILD: 'fixture' }],
    ['unit tests (unit-tail)', vitestRun(['--project', 'unit-tail']), env],
  ]);
  // Two processes: with one, the unit lane used one core while the browser lane left the other half idle.
  const unit = await vitest(['--project', 'unit', '--maxWorkers=2'], {
    ...process.env,
    PAYDOCS_TEST_PREBUILD: 'real,fixture',
  });
  if (unit !== 0) failed.push('unit tests (vitest --project unit)');
  for (const lane of [await browser, await checks]) {
    console.log(`\n${lane.title}`);
    process.stdout.write(lane.report);
    failed.push(...lane.failures);
  }
} else if ((await vitest(vitestArgs, process.env)) !== 0) failed.push('tests (vitest)');
if (failed.length) console.error(`\nnpm test failed: ${failed.join(', ')}.`);
process.exit(failed.length ? 1 : 0);
