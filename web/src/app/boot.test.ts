/**
 * The start-up is app/boot.ts, read top to bottom: no other module starts work by being
 * imported, where import order would decide what runs when.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Modules that may run statements as they load, each for its reason: the three entries (the
 * page, the live worker and the service worker), the live worker's start (imported first by
 * main.ts, so the worker starts before React's code evaluates), the parse policy (imported
 * first by every module that parses), the i18next instance configured where it is made, and the
 * wallet's rule that another login never sees the previous account's figures.
 */
const RUN_ON_LOAD = new Set([
  'main.ts',
  'app/start-worker.ts',
  'schema-policy.ts',
  'worker/live.worker.ts',
  'service-worker/sw.ts',
  'i18n/instance.ts',
  'state/wallet.ts',
]);

/** The one import taken for its effect: the parse policy, before any schema parses. */
const POLICY_IMPORT = '../schema-policy.js';

/** What each of `sources` (path → text) does as it loads: statements and imports for effect. */
export function workOnLoad(sources: Readonly<Record<string, string>>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(sources)) {
    if (RUN_ON_LOAD.has(path)) continue;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement)) {
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (statement.importClause || from.endsWith('.css') || from === POLICY_IMPORT) continue;
        found.push(`${path}: import '${from}'`);
      } else if (
        ts.isExpressionStatement(statement) ||
        ts.isIfStatement(statement) ||
        ts.isIterationStatement(statement, false) ||
        ts.isTryStatement(statement)
      ) {
        found.push(`${path}: ${statement.getText().split('\n')[0]}`);
      }
    }
  }
  return found.sort();
}

/** Every module of the app but its tests, by its path under web/src (this file is in app/). */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, '').replace(/^\.\//, 'app/'), text]),
);

describe('start-up', () => {
  it('is started by boot() alone', () => {
    expect(Object.keys(sources)).toContain('app/boot.ts');
    expect(workOnLoad(sources)).toEqual([]);
  });

  it('names a statement or an import that runs on load', () => {
    expect(
      workOnLoad({
        'state/market.ts': "import { x } from './x.js';\nsubscribeKey(settings, 'language', f);",
        'app/start.ts': "import './start-live.js';\nconst ok = 1;\nif (ok) go();",
        'app/fine.ts':
          "import '../schema-policy.js';\nimport '../styles/index.css';\nexport const a = 1;",
      }),
    ).toEqual([
      'app/start.ts: if (ok) go();',
      "app/start.ts: import './start-live.js'",
      "state/market.ts: subscribeKey(settings, 'language', f);",
    ]);
  });
});
