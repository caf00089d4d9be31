/**
 * The app's folders are layers that point one way (web/README.md): a module imports from its
 * own layer or a lower one, never from a higher one. A new folder gets its place here.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * From the bottom up; folders on one line share a layer. The two workers' folders are entries
 * of their own that import nothing of the app: the live worker's end is in live/, and only
 * app/ (and vite.config.ts) reads service-worker/requests.ts.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['worker', 'service-worker', 'nav', 'styles', 'schema-policy'],
  ['live'],
  ['state', 'api', 'i18n'],
  ['ui'],
  ['screens'],
  ['app', 'main'],
];

const RANK: ReadonlyMap<string, number> = new Map(
  LAYERS.flatMap((names, rank) => names.map((name) => [name, rank] as const)),
);

/**
 * The folder, or top-level module, of a path relative to web/src: `state/market.ts` → `state`,
 * `main.ts` → `main`.
 */
const unitOf = (path: string) => (path.split('/')[0] ?? path).replace(/\.[jt]sx?$/, '');

/** Resolves `specifier` written in `from` (both relative to web/src); undefined for packages. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every import of `sources` (path → text) that points to a higher layer or an unknown one. */
export function upwardImports(sources: Readonly<Record<string, string>>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(sources)) {
    const fromUnit = unitOf(path);
    const fromRank = RANK.get(fromUnit);
    if (fromRank === undefined) {
      found.push(`${path}: ${fromUnit} has no layer`);
      continue;
    }
    // Static imports, re-exports, `import()` and `import '…'` alike.
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolve(path, fileName);
      if (target === undefined) continue;
      const toUnit = unitOf(target);
      const toRank = RANK.get(toUnit);
      if (toRank === undefined || toRank > fromRank) found.push(`${path} → ${fileName}`);
    }
  }
  return found.sort();
}

/** Every source file of the app, tests included, by its path under web/src. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./**/*.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\//, ''), text]),
);

describe('layers', () => {
  it('sees the whole app', () => {
    expect(Object.keys(sources)).toContain('state/market.ts');
    expect(Object.keys(sources).length).toBeGreaterThan(200);
  });

  it('has no import from a higher layer', () => {
    expect(upwardImports(sources)).toEqual([]);
  });

  it('names an import from a higher layer, an unknown folder and one outside any', () => {
    expect(
      upwardImports({
        'state/market.ts': "import { inCategory } from '../screens/home/quote-list.js';",
        'live/hooks.ts': "const page = await import('../app/App.js');",
        'ui/Button.tsx': "export { x } from '../ui/x.js'; import '../state/ui.js';",
        'misc/thing.ts': '',
        'api/index.ts': "import { x } from '../misc/x.js';",
      }),
    ).toEqual([
      'api/index.ts → ../misc/x.js',
      'live/hooks.ts → ../app/App.js',
      'misc/thing.ts: misc has no layer',
      'state/market.ts → ../screens/home/quote-list.js',
    ]);
  });
});
