/**
 * The signing samples on request_format, request_format_v1, callbacks and callbacks_get are self-tests:
 * run as published, with the demo key and no point id, each prints the published
 * signature of its page's test vector (issue 16, "Use the signing samples as self-tests").
 * Node and Python always run; PHP runs with php-cli, installed from Debian when we are
 * root (like Chromium in scripts/test.js), else the PHP samples are skipped with a message.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSiteModel } from './site-model.ts';

const DEMO_KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function ensurePhp(): boolean {
  if (has('php')) return true;
  if (process.getuid?.() === 0 && has('apt-get')) {
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli', {
        stdio: 'ignore',
      });
    } catch {
      /* reported below */
    }
  }
  if (!has('php'))
    console.warn('PHP signing samples skipped: php-cli not found. Debian/Ubuntu: sudo apt-get install -y php-cli');
  return has('php');
}
const php = ensurePhp();
const python = has('python3');

const site = await loadSiteModel();
const body = (route: string) => site.pages.find((p) => p.route === route)!.body;

/** The fenced block with this exact title on the page. */
function sample(route: string, title: string): string {
  const blocks = [...body(route).matchAll(/^```(\w+) title="([^"]+)"\n([\s\S]*?)^```$/gm)].filter(
    (m) => m[2] === title,
  );
  expect(blocks, `${route}: one block titled "${title}"`).toHaveLength(1);
  return blocks[0][3];
}

const RUNNERS = {
  javascript: { ext: 'mjs', cmd: process.execPath },
  python: { ext: 'py', cmd: 'python3' },
  php: { ext: 'php', cmd: 'php' },
} as const;

function run(lang: keyof typeof RUNNERS, code: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-signing-'));
  try {
    const file = path.join(dir, `sample.${RUNNERS[lang].ext}`);
    writeFileSync(file, code);
    const env: NodeJS.ProcessEnv = { ...process.env, PAYDOCS_SECRET_KEY: DEMO_KEY };
    delete env.PAYDOCS_POINT_ID;
    return execFileSync(RUNNERS[lang].cmd, [file], { env, encoding: 'utf8', timeout: 30_000 }).trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page, published signature (which the prose states), and the samples that must print it. */
const CASES: { route: string; signature: string; samples: [string, keyof typeof RUNNERS][]; alsoPrints?: string }[] = [
  {
    route: '/request_format',
    signature: 'de77f5562215ea3e4da89cacd2af461c00e891fc3a49b95ad471c14c52c89a36',
    samples: [
      ['Node.js', 'javascript'],
      ['Python', 'python'],
      ['PHP', 'php'],
    ],
  },
  {
    route: '/request_format_v1',
    signature: '02ffee2e47d4fc01129ab222314463ce933d71a76be491a758b568efcf35c434',
    samples: [
      ['Node.js', 'javascript'],
      ['Python', 'python'],
      ['PHP', 'php'],
    ],
  },
  {
    route: '/callbacks',
    signature: '95f4f02b8f87bd2406201f0f681c2178ac325035aa9594edce43adf3fe751d46',
    samples: [
      ['Node.js', 'javascript'],
      ['Python', 'python'],
      ['PHP', 'php'],
    ],
    alsoPrints: 'true',
  },
  {
    route: '/callbacks',
    signature: 'f1c9030c39566c47fb871ab0dc37731faa876d72159f473b85b211330aad837f',
    samples: [
      ['Python (v1)', 'python'],
      ['PHP (v1)', 'php'],
    ],
    alsoPrints: 'true',
  },
  {
    route: '/callbacks_get',
    signature: '165c4e639205940a76a5e7bda9fcdc7caa558bc43d4a38762c7b62a5beb0e78e',
    samples: [
      ['Node.js', 'javascript'],
      ['Python', 'python'],
      ['PHP', 'php'],
    ],
    alsoPrints: 'true',
  },
];

describe('signing samples reproduce the published test vectors', () => {
  for (const c of CASES) {
    it(`${c.route} publishes ${c.signature.slice(0, 8)}… outside its samples`, () => {
      const prose = body(c.route).replace(/^```[\s\S]*?^```$/gm, '');
      expect(prose).toContain(c.signature);
    });
    for (const [title, lang] of c.samples) {
      const skip = (lang === 'php' && !php) || (lang === 'python' && !python);
      it.skipIf(skip)(`${c.route} "${title}" prints ${c.signature.slice(0, 8)}…`, () => {
        const out = run(lang, sample(c.route, title));
        expect(out[0]).toBe(c.signature);
        if (c.alsoPrints) expect(out[1]).toBe(c.alsoPrints);
      });
    }
  }
});
