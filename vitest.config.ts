import { defineConfig } from 'vitest/config';

// Tests import workspace packages through their `source` export condition, so they always run
// against the TypeScript sources and never against a stale build.
const conditions = ['source', 'node', 'import', 'default'];
// Not `import`: Vitest hands these to its workers as Node `--conditions`, and there `import`
// makes CommonJS `require()` of dual packages (ws, helmet) load their ESM entry and break.
const ssrConditions = ['source', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ssrConditions, externalConditions: ['source'] } },
  test: {
    include: ['{protocol,gateway,web,locales,bench,tests}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './tests/support/closing-line-reporter.ts'],
  },
});
