#!/usr/bin/env node
// `npm test`: find Chromium for the browser tests (CHROMIUM_PATH, /usr/bin/chromium,
// or Playwright's own), install Debian's package when it can (root with apt-get),
// else say exactly what to run; then run the whole vitest suite.
import { existsSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  for (const c of candidates) if (existsSync(c)) return c;
  try {
    const { chromium } = await import('playwright-core');
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch { /* no Playwright browser */ }
  return undefined;
}

let chromium = await findChromium();
if (!chromium) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing Debian\'s chromium package (apt-get install -y chromium)…');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    } catch { /* reported below */ }
    chromium = await findChromium();
  }
  if (!chromium) {
    console.error('The browser tests need Chromium and none was found.\n  Debian/Ubuntu:  sudo apt-get install -y chromium\n  or set CHROMIUM_PATH=/path/to/chromium and run npm test again.');
    process.exit(1);
  }
}
process.env.CHROMIUM_PATH = chromium;
console.log(`Browser tests use ${chromium}`);
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
