import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The builds test files share (the real site, the fixture site), each made once a run on first demand.
    globalSetup: ['test/shared/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/browser/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          // One process for the unit files, one after another: each file no longer loads the
          // pipeline and its packages again (docs/architecture.md#tests). Files share module
          // state, so a test restores what it changes (timers, spies) as it would anyway.
          isolate: false,
        },
      },
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
