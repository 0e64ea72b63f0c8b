import { defineConfig } from 'vitest/config';

/**
 * Unit files that read no shared build, run by `npm test` after the browser files instead of among the
 * unit files: the two projects then end together (scripts/test.js, docs/architecture.md#tests).
 */
const UNIT_TAIL = ['test/pipeline/killed-build.test.ts', 'test/pipeline/code-change.test.ts'];
const unitOptions = {
  environment: 'node',
  // Two files at a time on a loaded 2-core machine: a real build in a test may take a minute.
  testTimeout: 120_000,
  // One process for the unit files, one after another: each file no longer loads the
  // pipeline and its packages again (docs/architecture.md#tests). Files share module
  // state, so a test restores what it changes (timers, spies) as it would anyway.
  isolate: false,
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
          // One process for the browser files too (playwright-core and the harness loaded once).
          isolate: false,
        },
      },
    ],
  },
});
