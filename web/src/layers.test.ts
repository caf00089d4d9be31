/**
 * The app's folders are layers that point one way (web/README.md): a module imports from its
 * own layer or a lower one, never from a higher one; the folders of one layer import one
 * another in one direction only (no cycle); the two workers import nothing of the app. A new
 * folder gets its place here.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * From the bottom up; folders on one line share a layer. The two workers' folders are entries
 * of their own that import nothing of the app: the live worker's end is in live/, and only
 * app/ (and vite.config.ts) reads service-worker/requests.ts.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['worker', 'service-worker', 'nav', 'styles', 'schema-policy', 'test-support'],
  ['live'],
  ['state', 'api', 'i18n'],
  ['ui'],
  ['widgets'],
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

/** The app's own imports of `sources` (path → text): where each is written, what it names. */
function* importsOf(sources: Readonly<Record<string, string>>) {
  for (const [path, text] of Object.entries(sources)) {
    // Static imports, re-exports, `import()` and `import '…'` alike.
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolve(path, fileName);
      if (target !== undefined) yield { path, fileName, from: unitOf(path), to: unitOf(target) };
    }
  }
}

/** Every import of `sources` (path → text) that points to a higher layer or an unknown one. */
export function upwardImports(sources: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const path of Object.keys(sources)) {
    if (!RANK.has(unitOf(path))) found.add(`${path}: ${unitOf(path)} has no layer`);
  }
  for (const { path, fileName, from, to } of importsOf(sources)) {
    const fromRank = RANK.get(from);
    const toRank = RANK.get(to);
    if (fromRank === undefined) continue;
    if (toRank === undefined || toRank > fromRank) found.add(`${path} → ${fileName}`);
  }
  return [...found].sort();
}

/** The folders that are entries of their own: they import nothing of the app but themselves. */
const WORKERS: ReadonlySet<string> = new Set(['worker', 'service-worker']);

/**
 * What a worker may import all the same, as it imports no app: the schemas' no-eval switch, and
 * the tests' helpers.
 */
const FOR_WORKERS: ReadonlySet<string> = new Set(['schema-policy', 'test-support']);

/** Every import of a worker's folder from anywhere else in the app. */
export function workerImports(sources: Readonly<Record<string, string>>): string[] {
  const found: string[] = [];
  for (const { path, fileName, from, to } of importsOf(sources)) {
    if (WORKERS.has(from) && to !== from && !FOR_WORKERS.has(to))
      found.push(`${path} → ${fileName}`);
  }
  return found.sort();
}

/**
 * The cycles between folders of one layer: each as its folders in order, back to the first,
 * with one import that closes each step. Folders of one layer may import one another, in one
 * direction.
 */
export function sameLayerCycles(sources: Readonly<Record<string, string>>): string[] {
  /** Folder → folder of the same layer → one import that makes the edge. */
  const edges = new Map<string, Map<string, string>>();
  for (const { path, from, to } of importsOf(sources)) {
    if (from === to || RANK.get(from) === undefined || RANK.get(from) !== RANK.get(to)) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, path);
    edges.set(from, out);
  }
  const found = new Set<string>();
  // The folders are few: a path search from each finds every cycle through it.
  const walk = (start: string, at: string, trail: string[]) => {
    for (const [next, via] of edges.get(at) ?? []) {
      const step = [...trail, `${at} (${via})`];
      if (next === start) {
        // Written from its smallest folder, so a cycle found from each of its folders is one.
        const names = step.map((part) => part.split(' ')[0] as string);
        const first = names.indexOf([...names].sort()[0] as string);
        const turned = [...step.slice(first), ...step.slice(0, first)];
        found.add(`${turned.join(' → ')} → ${names[first]}`);
      } else if (!trail.some((part) => part.startsWith(`${next} `)) && next !== start) {
        walk(start, next, step);
      }
    }
  };
  for (const start of edges.keys()) walk(start, start, []);
  return [...found].sort();
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

  it('has no cycle between folders of one layer', () => {
    expect(sameLayerCycles(sources)).toEqual([]);
  });

  it('has no import of the app from either worker', () => {
    expect(workerImports(sources)).toEqual([]);
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

  it('names a cycle between folders of one layer, once, and no one-way import', () => {
    expect(
      sameLayerCycles({
        'state/session.ts': "import { api } from '../api/index.js';",
        'api/index.ts': "import { i18n } from '../i18n/index.js';",
        'i18n/index.ts': "import { settings } from '../state/settings.js';",
        'state/market.ts': "import { format } from '../i18n/format.js';",
        'ui/Button.tsx': "import { live } from '../live/store.js';",
      }),
    ).toEqual([
      'api (api/index.ts) → i18n (i18n/index.ts) → state (state/session.ts) → api',
      'i18n (i18n/index.ts) → state (state/market.ts) → i18n',
    ]);
    expect(
      sameLayerCycles({
        'state/session.ts': "import { api } from '../api/index.js';",
        'api/index.ts': "import { i18n } from '../i18n/index.js';",
      }),
    ).toEqual([]);
  });

  it('names an import of the app from either worker', () => {
    expect(
      workerImports({
        'worker/core.ts': "import { x } from './model.js'; import { y } from '../nav/location.js';",
        'service-worker/sw.ts': "import type { Z } from '../styles/tokens.js';",
        'live/bridge.ts': "import type { LiveApi } from '../worker/api.js';",
      }),
    ).toEqual([
      'service-worker/sw.ts → ../styles/tokens.js',
      'worker/core.ts → ../nav/location.js',
    ]);
  });
});
