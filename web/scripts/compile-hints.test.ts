import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCompileHints, type BundleItemLike, COMPILE_HINT } from './compile-hints.js';
import { DIST, readBuilt } from './test-support.js';

const chunk = (fileName: string, name: string, isEntry = false): BundleItemLike => ({
  type: 'chunk',
  fileName,
  name,
  isEntry,
  code: 'import{a}from"./b.js";a();',
  map: { mappings: 'AAAA,CAAC' },
});

const atStart = (item: { name: string; isEntry: boolean }) =>
  item.isEntry || item.name === 'first-screen';

describe('addCompileHints', () => {
  it('puts the hint on the first line of the chosen chunks only', () => {
    const bundle = {
      'assets/index-a.js': chunk('assets/index-a.js', 'index', true),
      'assets/first-screen-b.js': chunk('assets/first-screen-b.js', 'first-screen'),
      'assets/Login-c.js': chunk('assets/Login-c.js', 'Login'),
      'assets/index-d.css': { type: 'asset', fileName: 'assets/index-d.css', source: 'a{}' },
    } satisfies Record<string, BundleItemLike>;
    expect(addCompileHints(bundle, atStart)).toEqual([
      'assets/index-a.js',
      'assets/first-screen-b.js',
    ]);
    expect(bundle['assets/index-a.js'].code).toBe(`${COMPILE_HINT}\nimport{a}from"./b.js";a();`);
    expect(bundle['assets/first-screen-b.js'].code?.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(bundle['assets/Login-c.js'].code).toBe('import{a}from"./b.js";a();');
    expect(bundle['assets/index-d.css'].source).toBe('a{}');
  });

  it('moves the source map, object and file, one line down', () => {
    const map = { version: 3, sources: ['src/main.tsx'], mappings: 'AAAA,CAAC' };
    const bundle: Record<string, BundleItemLike> = {
      'assets/index-a.js': chunk('assets/index-a.js', 'index', true),
      'assets/index-a.js.map': {
        type: 'asset',
        fileName: 'assets/index-a.js.map',
        source: JSON.stringify(map),
      },
    };
    addCompileHints(bundle, atStart);
    expect(bundle['assets/index-a.js']?.map?.mappings).toBe(';AAAA,CAAC');
    const written = JSON.parse(String(bundle['assets/index-a.js.map']?.source));
    expect(written).toEqual({ ...map, mappings: ';AAAA,CAAC' });
  });

  it('hints a chunk once, however often it runs', () => {
    const bundle = { 'assets/index-a.js': chunk('assets/index-a.js', 'index', true) };
    addCompileHints(bundle, atStart);
    expect(addCompileHints(bundle, atStart)).toEqual([]);
    expect(bundle['assets/index-a.js'].code?.split(COMPILE_HINT)).toHaveLength(2);
    expect(bundle['assets/index-a.js'].map?.mappings).toBe(';AAAA,CAAC');
  });
});

describe('the production build', () => {
  const firstLine = (file: string) => readBuilt(file).split('\n', 1)[0];

  it('hints the first screen and the live worker, not the entry or a lazy screen', () => {
    const manifest = JSON.parse(readBuilt('.vite/manifest.json')) as Record<
      string,
      { file: string; name?: string; isEntry?: boolean }
    >;
    const chunks = Object.values(manifest).filter((item) => item.file.endsWith('.js'));
    const entry = chunks.find((item) => item.isEntry);
    const firstScreen = chunks.find((item) => item.name === 'first-screen');
    const login = manifest['src/screens/login/Login.tsx'];
    const worker = readdirSync(join(DIST, 'assets')).find((name) =>
      /^live\.worker-.*\.js$/.test(name),
    );
    expect(entry && firstScreen && login && worker).toBeTruthy();
    expect(firstLine(entry?.file ?? '')).not.toBe(COMPILE_HINT);
    expect(firstLine(firstScreen?.file ?? '')).toBe(COMPILE_HINT);
    expect(firstLine(`assets/${worker}`)).toBe(COMPILE_HINT);
    expect(firstLine(login?.file ?? '')).not.toBe(COMPILE_HINT);
  });
});
