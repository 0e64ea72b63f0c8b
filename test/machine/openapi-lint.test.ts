/**
 * The real site's OpenAPI documents as a real linter reads them: Redocly's CLI (`redocly lint`)
 * with its built-in recommended rules finds no error and no example outside its schema in any of
 * them. A missing licence or tag description (warnings of taste, not of correctness) may remain.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_IDS, openApiPath } from '../../schema/machine-docs.ts';
import { sharedBuild } from '../shared/builds.ts';

const run = promisify(execFile);
const redocly = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

/** The rules that judge examples against their schemas. */
const EXAMPLE_RULES = new Set(['no-invalid-media-type-examples', 'no-invalid-schema-examples']);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

// The documents the run's shared build wrote.
const { dist } = await sharedBuild('real');

describe('redocly lint (recommended rules)', () => {
  it.each(API_IDS)(
    'finds no error and no invalid example in openapi/%s.json',
    async (id) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-redocly-'));
      try {
        const file = path.join(dir, `${id}.json`);
        await copyFile(path.join(dist, openApiPath(id)), file);
        // Exit 1 when it finds errors: the report is on stdout either way.
        const { stdout } = await run(process.execPath, [redocly, 'lint', file, '--format=json'], {
          cwd: dir,
          maxBuffer: 64 * 1024 * 1024,
        }).catch((error: { stdout: string }) => error);
        const report = JSON.parse(stdout) as { totals: { errors: number }; problems: LintProblem[] };
        const named = (p: LintProblem) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
        expect(report.problems.filter((p) => p.severity === 'error').map(named)).toEqual([]);
        expect(report.problems.filter((p) => EXAMPLE_RULES.has(p.ruleId)).map(named)).toEqual([]);
        expect(report.totals.errors).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
