/** package.json declares what the code uses: no dependency is declared and never imported. */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './helpers.ts';

const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Used without an import statement naming them. */
const notImported: Record<string, string> = {
  typescript: 'npm run typecheck (tsc)',
  '@iconify-json/lucide': 'icon sets are required by prefix from site.yaml (pipeline/emit/artifacts.ts)',
  sirv: 'the reference server of bench/serve.bench.ts, imported by file path in a child process',
  'patch-package': 'applies patches/ to node_modules on install (the postinstall script)',
  '@biomejs/biome': 'the formatter and linter (npm run lint, npm run format)',
  '@redocly/cli': 'the `redocly lint` binary test/machine/openapi-lint.test.ts runs on the OpenAPI documents',
};

function sourceText(): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) parts.push(readFileSync(file, 'utf8'));
    }
  };
  for (const dir of ['bin', 'bench', 'pipeline', 'reader', 'schema', 'scripts', 'search', 'test'])
    walk(path.join(projectRoot, dir));
  parts.push(readFileSync(path.join(projectRoot, 'vitest.config.ts'), 'utf8'));
  return parts.join('\n');
}

describe('package.json', () => {
  it('declares no dependency the code never imports', () => {
    const text = sourceText();
    const imported = (name: string) =>
      new RegExp(`(from |import\\(|require\\(|import )['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(text);
    const unused = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter((name) => {
      if (name in notImported) return false;
      // @types/x is used when x (or node:*) is.
      const typed = name.match(/^@types\/(.+)$/)?.[1];
      if (typed) return typed !== 'node' && !imported(typed);
      return !imported(name);
    });
    expect(unused).toEqual([]);
  });
});

describe('patches/', () => {
  it('are applied to the installed packages (npm install runs patch-package)', () => {
    expect(pkg.scripts.postinstall).toBe('patch-package');
    const patches = readdirSync(path.join(projectRoot, 'patches')).filter((f) => f.endsWith('.patch'));
    expect(patches.length).toBeGreaterThan(0);
    for (const patch of patches) {
      const text = readFileSync(path.join(projectRoot, 'patches', patch), 'utf8');
      // Every file the patch changes holds every line the patch adds.
      for (const [, file, body] of text.matchAll(/^\+\+\+ b\/(\S+)\n([\s\S]*?)(?=^diff --git|(?![\s\S]))/gm)) {
        const installed = readFileSync(path.join(projectRoot, file), 'utf8');
        const added = body
          .split('\n')
          .filter((l) => l.startsWith('+') && l.trim() !== '+')
          .map((l) => l.slice(1));
        expect(added.length, patch).toBeGreaterThan(0);
        for (const line of added) expect(installed, `${file} (${patch})`).toContain(line);
      }
    }
  });

  it('are each for the version installed and declared: an upgrade fails here until its patch is redone', () => {
    for (const patch of readdirSync(path.join(projectRoot, 'patches')).filter((f) => f.endsWith('.patch'))) {
      // patch-package names a patch `<name>+<version>.patch`, a scope's `/` spelt `+`.
      const [, spelt, version] = patch.match(/^(.+)\+([^+]+)\.patch$/) ?? [];
      expect(spelt, `${patch}: not named <package>+<version>.patch`).toBeDefined();
      const name = spelt.replace('+', '/');
      const installed = JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8'));
      const declared = pkg.dependencies[name] ?? pkg.devDependencies[name] ?? lockedVersion(name);
      const advice =
        `patches/${patch} was made for ${name}@${version}: see patches/README.md, check ` +
        `whether upstream fixed it, then redo the patch (npx patch-package ${name}) or retire it`;
      expect(installed.version, `${advice}; installed: ${installed.version}`).toBe(version);
      expect(declared, `${advice}; package.json or package-lock.json: ${declared}`).toBe(version);
    }
  });

  it('are each described in patches/README.md, with the upstream repository it is for', () => {
    const readme = readFileSync(path.join(projectRoot, 'patches/README.md'), 'utf8');
    for (const patch of readdirSync(path.join(projectRoot, 'patches')).filter((f) => f.endsWith('.patch'))) {
      const section = readme.split(/^## /m).find((s) => s.startsWith(`\`${patch}\``));
      expect(section, `patches/README.md has no "## \`${patch}\`" section`).toBeDefined();
      expect(section, patch).toMatch(/Upstream: https:\/\/github\.com\/[\w.-]+\/[\w.-]+/);
    }
  });
});

/** The locked version of a package that is not a direct dependency (a patched transitive one). */
function lockedVersion(name: string): string | undefined {
  const lock = JSON.parse(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8'));
  return lock.packages[`node_modules/${name}`]?.version;
}
