import { defineConfig } from 'vitest/config';

// Tests import workspace packages through their `source` export condition, so they always run
// against the TypeScript sources and never against a stale build.
const conditions = ['source', 'node', 'import', 'default'];
// Not `import`: Vitest hands these to its workers as Node `--conditions`, and there `import`
// makes CommonJS `require()` of dual packages (ws, helmet) load their ESM entry and break.
const ssrConditions = ['source', 'node', 'default'];

/** Browser tests: each file drives Chromium against its own full stack. */
const BROWSER_TESTS = 'tests/browser/**/*.test.ts';
/** Operations tests: the deploy files against the code, and their topology run as processes. */
const OPS_TESTS = 'tests/ops/**/*.test.ts';
/** The load tool run as a command against a gateway it starts, and its page in Chromium. */
const LOAD_TESTS = 'load/test/**/*.test.ts';

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ssrConditions, externalConditions: ['source'] } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    reporters: ['default', './tests/test-support/closing-line-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{protocol,gateway,web,locales,bench,load,tests}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', BROWSER_TESTS, OPS_TESTS, LOAD_TESTS],
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER_TESTS],
          // Names the Chromium build once per run.
          globalSetup: ['tests/browser/test-support/global-setup.ts'],
          // A Chromium per file on a 2-core machine: one file at a time, and only after the
          // unit tests have finished, so neither slows the other into time-outs.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Figures on screen wait on a REST re-read and a socket push: poll longer than 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'ops',
          include: [OPS_TESTS],
          // Real processes (a mock, three gateways, nginx or Prometheus) on a 2-core machine:
          // one file at a time, after the unit and browser tests.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'load',
          include: [LOAD_TESTS],
          // Thousands of sockets against a real gateway on a 2-core machine: one file at a
          // time, after everything else, so no other test shares the machine with a run.
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
