import { defineConfig } from 'vitest/config';
import { V8_FLAGS } from './bin/v8-flags.mjs';

/**
 * The V8 flags `paydocs build` runs with (bin/v8-flags.mjs), for every test process: the tests build
 * sites and draw D2 diagrams as the CLI does, at about half the CPU (bench/HISTORY.md, session 62).
 */
const execArgv = V8_FLAGS.split(' ');

/**
 * Unit files that read no shared build, run by `npm test` after the browser files instead of among the
 * unit files: the two projects then end together (scripts/test.js, docs/architecture.md#tests).
 */
const UNIT_TAIL = ['test/pipeline/killed-build.test.ts', 'test/pipeline/code-change.test.ts'];
const unitOptions = {
  environment: 'node',
  // Two files at a time on a loaded 2-core machine: a real build in a test may take a minute.
  testTimeout: 120_000,
  // Files one after another in a process: each file no longer loads the pipeline and its
  // packages again (docs/architecture.md#tests; `npm test` runs two such processes for
  // `unit`). Files share module state, so a test restores what it changes (timers, spies).
  isolate: false,
  execArgv,
} as const;

export default defineConfig({
  test: {
    // The builds test files share (the real site, the fixture site), each made once a run on first demand.
    globalSetup: ['test/shared/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/browser/**', 'node_modules/**', ...UNIT_TAIL],
          ...unitOptions,
        },
      },
      { test: { name: 'unit-tail', include: UNIT_TAIL, ...unitOptions } },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          execArgv,
          // One process for the browser files too (playwright-core and the harness loaded once).
          isolate: false,
        },
      },
    ],
  },
});
